// `node --require out/bench/rss-report.js dist/cli.js ...`: on exit, writes the process's peak
// resident set (bytes; the checker's worker thread included) to the file named by BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
