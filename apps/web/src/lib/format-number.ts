/** Numbers follow the app's one digits rule (./digits.ts): Eastern Arabic-Indic in Dari and Pashto. */
export { formatNumber } from './digits';
