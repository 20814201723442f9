import { Package } from "lucide-react";
import { useState } from "react";
import "./product-image.css";

interface ProductImageProps {
  src: string | null;
  alt: string;
  className?: string;
  iconSize?: number;
  eager?: boolean;
}

/** The product's picture, or a placeholder icon when it has none or it fails to load. */
export function ProductImage({ src, alt, className = "", iconSize = 28, eager = false }: ProductImageProps) {
  // Remembering which address failed lets a new address try again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div className={`image-placeholder ${className}`} role="img" aria-label={alt}>
        <Package size={iconSize} aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
