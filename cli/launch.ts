// The command's entry, dist/cli.js: the bundle of cli/main.ts, dist/cli-main.js, run with its code
// cache (io/launch.ts).
import { launch } from '../io/launch';

if (require.main === module) launch(__dirname, 'cli-main', __filename);
