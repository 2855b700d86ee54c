import 'sonner/dist/styles.css';
import { toast, Toaster } from 'sonner';
import { requestAppToaster } from '../../lib/toaster-demand.ts';

/*
 * The one door to sonner. A screen that imports it can toast, so the app's toaster is mounted
 * (lib/toaster-demand.ts) and sonner's stylesheet comes along; screens that never toast, such
 * as /login, load none of it.
 */
requestAppToaster();

export { toast, Toaster };
