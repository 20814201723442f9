// The uploads feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/uploads/, import this, never a file inside it.
export {
  type IncomingFile,
  type IncomingFiles,
  type IncomingForm,
  type IncomingFormParts,
  type ReceivedForm,
  type StoredUpload,
  storeFiles,
  storeForm,
  storeUpload,
} from "./upload-store";
