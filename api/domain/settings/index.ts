// The settings feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/settings/, import this, never a file inside it.
export { listPolicyVersions, publishPolicyVersion } from "./admin-legal";
export { loadSettings, readTelegramChannel, saveSettings, storeChannelAsset } from "./admin-settings";
export { readActiveLegalDocument } from "./legal";
