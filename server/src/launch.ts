// The desktop server's entry, dist/server.js: the bundle of node.ts, dist/server-main.js, run with
// its code cache (io/launch.ts).
import { launch } from '../../io/launch';

if (require.main === module) launch(__dirname, 'server-main', __filename);
