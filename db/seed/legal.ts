import type { legalDocumentTypes } from "../schema";

type LegalDocumentType = (typeof legalDocumentTypes)[number];

// Demo policies in the app's simple markdown: #, ##, ### headings, **bold** lines, "- " bullets,
// "---" rules and blank lines. An operator replaces them with their own before going live.

const terms = `# Terms of Service

**Private Smoke Shop - members-only channel and shop**

These Terms of Service govern your use of the Private Smoke Shop channel, Mini App and website (together, the "Service"). By creating an account, joining the channel or placing an order you agree to these terms. If you do not agree, do not use the Service.

---

## 1. Eligibility

- You must be **21 years of age or older** to join, browse as a member or buy anything.
- You confirm your age when you sign up. We may ask for proof of age at any time and may close accounts that cannot provide it.
- You are responsible for knowing and following the laws where you live. Some products cannot be shipped to some states.

## 2. Your account

- Keep your password and your Telegram account secure. You are responsible for activity on your account.
- One account per person. Accounts may not be shared, sold or transferred.
- We may suspend or close accounts that break these terms, abuse other members or attempt fraud.

## 3. Products and hemp compliance

All hemp-derived products we sell are produced from hemp as defined by the 2018 Farm Bill and contain **no more than 0.3% delta-9 THC on a dry-weight basis**. Every batch of consumable product is tested by an independent laboratory and, where available, its certificate of analysis is linked on the product page.

- Products are not intended to diagnose, treat, cure or prevent any disease. Statements about them have not been evaluated by the FDA.
- Consult a doctor before use if you are pregnant, nursing, taking medication or have a medical condition.
- Hemp products may cause a positive result on a drug test.
- Smoking accessories are sold for legal use with tobacco and legal hemp products only.

## 4. Credits, plans and prices

### Credits
Products are priced in credits. One credit is worth one dollar of your monthly plan budget.

### Membership plans
- Each paid plan has a monthly price, which is also your monthly spending budget.
- Unused budget rolls over to the next month automatically.
- Budgets reset on the first day of each month (UTC).
- We may change plan prices or features with at least 30 days' notice in the channel.

## 5. Channel content

Posts in the channel are for members. Do not copy, resell or republish them without permission. We may remove comments or reactions that are abusive or unlawful.

## 6. Liability

The Service is provided "as is". To the fullest extent allowed by law, our total liability for any claim is limited to the amount you paid us in the three months before the claim.

## 7. Changes

We may update these terms. The current version and its effective date are always shown at the top of this page. Continuing to use the Service after a change means you accept it.

---

**Questions?** Message the shop through the channel or the Mini App and a team member will reply.
`;

const privacy = `# Privacy Policy

**How Private Smoke Shop collects, uses and protects your information**

We collect only what we need to run a members-only shop for adults. This policy explains what we collect, why, and the choices you have.

---

## What we collect

### Account information
- Your Telegram user id and username when you open the shop inside Telegram.
- Your email address, full name and password (stored only as a secure hash) if you sign up on the web.
- Your confirmation that you are 21 or older.

### Shop activity
- Your membership plan, plan changes and monthly spending, so we can show your budget and rollover.
- Orders you place and products in your cart.

### Technical information
- Basic request logs (time, IP address, device type) kept for security and troubleshooting.

## How we use it

- To sign you in and keep your session secure.
- To enforce the **21+ age requirement** and state shipping restrictions.
- To process orders, track spending against your plan and roll over unused budget.
- To send you service messages such as password resets and order updates.

**We do not sell your personal information.** We do not use it for third-party advertising.

## Who we share it with

- Payment and checkout providers, only what they need to complete a purchase you started.
- Shipping carriers, only your delivery details.
- Authorities, when the law requires it.

## How long we keep it

- Account data: for as long as your account is open.
- Order records: as long as tax and compliance law requires, without personal data once your account is deleted.
- Security logs: up to 90 days.

## Your choices

- Update your name, avatar and password from Settings at any time.
- Ask us for a copy of your data or to delete your account by messaging the shop.
- Turn off Telegram notifications from the bot whenever you like.

## Security

Passwords are hashed, sessions use random tokens stored hashed, and all traffic is encrypted in transit. No system is perfectly secure, so please use a strong, unique password.

## Children

The Service is only for adults aged 21 and over. We do not knowingly collect information from anyone younger and will delete it if we learn we have.

---

We will post any change to this policy here with a new version number and effective date.
`;

const refund = `# Refund Policy

**We want every order to arrive right. If it does not, we will make it right.**

---

## Eligible refunds

You can ask for a refund or replacement within **14 days of delivery** when:

- An item arrived damaged, broken or leaking.
- You received the wrong item or the wrong quantity.
- A sealed product arrived with its seal broken.
- Your package was lost in transit and the carrier confirms it.

## Items we cannot take back

Because of health and safety rules, opened or used consumable products (flower, pre-rolls, edibles and concentrates) cannot be returned unless they were defective on arrival.

- Accessories that have been used cannot be returned.
- Items bought in clearance or final-sale drops are not refundable.

## How to request a refund

- Message the shop through the channel or the Mini App within 14 days of delivery.
- Include your order number, a short description of the problem and a photo of the item and packaging.
- We reply within two business days with a replacement, a refund or return instructions.

### Returns of unopened items
Unopened accessories in their original packaging may be returned within 14 days for any reason. Return shipping is paid by the buyer unless the item was faulty.

## How refunds are paid

- **Credit purchases** are refunded as credits to your monthly budget. If the original month has ended, the refund is added to your rollover balance.
- **Storefront checkout purchases** are refunded to the original payment method within 5 to 10 business days of approval.
- Membership plan fees for a month that has already started are not refunded, but you can change or cancel your plan at any time.

## Compliance

All hemp products are tested and contain no more than 0.3% delta-9 THC. A positive drug test is not a reason for a refund; please read product labels before use.

---

**Need help?** Our team answers refund questions every day from 10am to 6pm Eastern.
`;

const shipping = `# Shipping Policy

**Discreet, tracked shipping to adults aged 21 and over**

---

## Where we ship

We ship within the United States to addresses where the products ordered are legal.

- Some hemp products cannot be shipped to certain states. Restricted states are listed on each product page and checkout blocks those items for those addresses.
- We do not ship to P.O. boxes for consumable hemp products.
- We do not ship internationally.

## Processing times

- Orders placed before 1pm Eastern on a business day ship the same day.
- Orders placed later, on weekends or on holidays ship the next business day.
- During limited drops, processing may take up to three business days.

## Shipping methods

### Standard
3 to 7 business days. Free on Premium and VIP plans; a flat rate otherwise.

### Express
1 to 3 business days. Free on VIP; available to every member at checkout.

## Adult signature

Every package containing hemp products requires a signature from an **adult aged 21 or older** on delivery. Carriers will not leave these packages unattended. If nobody is available, the carrier leaves a notice and tries again.

## Packaging

- Plain outer packaging with no product names or logos.
- Smell-proof, child-resistant inner packaging for consumables.
- Glass accessories are double-boxed and padded.

## Tracking

You receive a tracking link by email or through the bot as soon as your order ships. Tracking can take up to 24 hours to show the first scan.

## Lost or damaged packages

- If tracking has not moved for 7 days, message us and we will open a claim with the carrier.
- Report damage within 14 days of delivery with photos; see the Refund Policy.

## Address mistakes

Check your address before you confirm. Packages returned because of an incorrect address can be reshipped once the new shipping cost is paid.

---

**Questions about an order?** Message the shop with your order number.
`;

const cancellation = `# Cancellation Policy

**How to cancel an order or a membership plan**

---

## Cancelling an order

- You can cancel an order free of charge **until it ships**. Message the shop with your order number as soon as possible.
- Orders placed before 1pm Eastern often ship the same day, so the window can be short.
- Once an order has shipped it cannot be cancelled; you may be able to return it under the Refund Policy.
- Cancelled credit orders are returned as credits to your current monthly budget.

## Cancelling or changing a membership plan

### Changing plans
You can upgrade or downgrade at any time from **Settings - Memberships - Manage Plan**. The new plan applies straight away and your next monthly budget uses its price.

### Cancelling a plan
- Cancel from the same screen by choosing the Free plan, or by messaging the shop.
- Your plan stays active until the end of the month you have paid for.
- Fees for a month that has already started are not refunded.
- **Unused budget and rollover are kept while your account stays open**, so you can spend them after cancelling until the end of the current month.

## Cancelling limited drops and pre-orders

- Pre-orders can be cancelled up to 48 hours before the announced ship date.
- Limited drops marked final sale cannot be cancelled once confirmed.

## When we cancel

We may cancel an order and refund it in full when:

- A product sells out before your order is processed.
- The shipping address is in a state where the product is restricted.
- We cannot confirm that the buyer is **21 or older**.
- We suspect fraud or a breach of our Terms of Service.

We always tell you in the channel or by message when we cancel an order, and why.

## Closing your account

To close your account, message the shop. Closing your account cancels any plan and forfeits unused credits and rollover.

---

**Need to cancel something now?** Message the shop and include your order number or plan name.
`;

export const demoLegalDocuments: Record<LegalDocumentType, string> = {
  terms,
  privacy,
  refund,
  shipping,
  cancellation,
};
