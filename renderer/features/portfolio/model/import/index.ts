/** The portfolio's imports: each turns its input into an ImportPreview (model/types.ts); nothing is stored here. */
export { importCsv } from './csv-import';
export { importSteamInventory, importSteamInventoryText } from './steam-inventory';
export { importPasteList } from './paste-list';
export { matchNames } from './match-names';
export { decodeTextFile } from './decode-file';
