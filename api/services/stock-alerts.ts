import { findAccountById } from "#db/queries/accounts";
import { findActiveProduct } from "#db/queries/products";
import { addStockAlert, claimStockAlerts, hasStockAlert, removeStockAlert } from "#db/queries/stock-alerts";
import type { StockAlert } from "../contracts/stock-alerts";
import { Refusal } from "../refusal";
import { telegramStartAppLink } from "./app-links";
import type { ServiceContext } from "./context";
import { backInStockMail, mailAddressOf } from "./member-mail";

/** `productId` comes canonical (lower case) from the route's validator. */
async function activeProduct(ctx: ServiceContext, productId: string) {
  const product = await findActiveProduct(ctx.db, productId);
  if (!product) throw new Refusal("product_not_found");
  return product;
}

export async function stockAlertOf(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  return { waiting: await hasStockAlert(ctx.db, userId, product.id) };
}

/** The member waits for an out-of-stock product; one in stock is a conflict (add it to the cart instead). */
export async function waitForStock(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  if (product.stockQuantity > 0) throw new Refusal("in_stock");
  await addStockAlert(ctx.db, userId, product.id);
  return { waiting: true };
}

/** The member no longer waits (also when they never did). */
export async function stopWaitingForStock(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  await removeStockAlert(ctx.db, userId, product.id);
  return { waiting: false };
}

/**
 * After a stock change has committed: the alerts of those products now in stock are claimed (one
 * statement, so racing restocks hand each member out once) and each waiting member is told in the
 * background, through the bot with a Telegram account and a running bot, by mail otherwise. Never
 * throws: the stock change stands either way.
 */
export async function announceRestock(ctx: ServiceContext, productIds: string[]): Promise<void> {
  const claimed = await claimStockAlerts(ctx.db, productIds).catch((error: unknown) => {
    ctx.log.warn("back-in-stock alerts not claimed", { error: String(error) });
    return [];
  });
  if (claimed.length === 0) return;
  ctx.background.run("back-in-stock alerts", async () => {
    await Promise.all(
      claimed.map(({ userId, productId }) =>
        tellMember(ctx, userId, productId).catch((error: unknown) =>
          ctx.log.warn("back-in-stock alert not sent", { userId, error: String(error) }),
        ),
      ),
    );
  });
}

async function tellMember(ctx: ServiceContext, userId: string, productId: string): Promise<void> {
  const [account, product] = await Promise.all([
    findAccountById(ctx.db, userId),
    findActiveProduct(ctx.db, productId),
  ]);
  if (!account || !product) return;
  const telegramLink = telegramStartAppLink(ctx, `product_${product.id}`);
  if (ctx.telegram.enabled && account.telegramId !== null && telegramLink) {
    await ctx.telegram.sendMessage(account.telegramId, `${product.title} is back in stock: ${telegramLink}`);
    return;
  }
  const to = mailAddressOf(ctx, account);
  if (to && ctx.mailer) await ctx.mailer.send(backInStockMail(ctx, to, product));
}
