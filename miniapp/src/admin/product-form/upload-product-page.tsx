import { ProductForm } from "./product-form";

/** /admin/upload-products (staff): a new product. */
export default function UploadProductPage() {
  return <ProductForm product={null} />;
}
