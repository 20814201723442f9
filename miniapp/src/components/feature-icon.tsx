import { Award, Check, Heart, Leaf, type LucideIcon, ShieldCheck, Sparkles, Star, Zap } from "lucide-react";

const icons: Record<string, LucideIcon> = {
  heart: Heart,
  check: Check,
  leaf: Leaf,
  zap: Zap,
  award: Award,
  sparkles: Sparkles,
  "shield-check": ShieldCheck,
  star: Star,
};

/** The feature's icon by name; an unknown name shows sparkles. */
export function featureIcon(name: string): LucideIcon {
  return icons[name] ?? Sparkles;
}

export function FeatureIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Icon = featureIcon(name);
  return <Icon size={size} aria-hidden="true" data-icon={icons[name] ? name : "sparkles"} />;
}
