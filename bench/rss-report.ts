// `node --require out/bench/rss-report.js dist/cli.js ...`: on exit, writes the process's peak
// resident set (bytes) as a line of the file named by BENCH_RSS_FILE. The checker's child process
// inherits the --require and adds its own line: the figure is their sum.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS * 1024}\n`));
