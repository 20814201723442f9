// The catalogue feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/catalogue/, import this, never a file inside it.
export {
  createProduct,
  editProduct,
  listProductsPage,
  productForStaff,
  removeProduct,
} from "./admin-products";
export { type CachedBody, CatalogueCache } from "./catalogue-cache";
export { removeProductImage, storeCertificate, storeProductImages } from "./product-files";
export { toProduct } from "./product-view";
export { stockAlertSubscribers } from "./stock-alert-delivery";
export { announceRestock, stockAlertOf, stopWaitingForStock, waitForStock } from "./stock-alerts";
export { analyzeStrain } from "./strain-analysis";
