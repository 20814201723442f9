import { Button, Progress, Spinner } from "@telegram-apps/telegram-ui";
import { type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type AdminProduct, createFormCategories, productCategories } from "#api/contracts/admin-products";
import { strainTypes } from "#api/contracts/products";
import { type StrainAnalysis, strainAnalysisMessages } from "#api/contracts/strain-analysis";
import { Field } from "../../components/field";
import { SwitchField, TextAreaField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { AiSuggestionsSheet, type AppliedSuggestion } from "./ai-suggestions-sheet";
import { FeaturesEditor } from "./features-editor";
import { AdditionalImagesPicker, CertificatePicker, PrimaryImagePicker } from "./image-pickers";
import {
  emptyProductForm,
  PRODUCTS_LIST,
  type ProductFormValues,
  productBody,
  productContract,
  productFormFrom,
  productFormRefusal,
  productFormRules,
} from "./product-form-rules";
import { analyzeStrain, type ChosenFiles, hasUploads, noFiles, saveFiles } from "./product-uploads";
import { SelectField } from "./select-field";
import { StateSelect } from "./state-select";
import "./product-form.css";

// The form's refusals replace one another: the latest check is the one that counts.
const FORM_TOAST = "product-form";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card product-form-section" aria-label={title}>
      <h2 className="product-form-heading">{title}</h2>
      {children}
    </section>
  );
}

/** Upload Products (no product) or Edit Product: every field, the images and the certificate. */
export function ProductForm({ product }: { product: AdminProduct | null }) {
  const { t, tm } = useT();
  const mode = product ? "edit" : "create";
  const navigate = useNavigate();
  const form = useContractForm(
    productContract(mode),
    (): ProductFormValues => (product ? productFormFrom(product) : emptyProductForm),
    productFormRules,
  );
  const { values, errors, set, busy } = form;
  const [files, setFiles] = useState<ChosenFiles>(noFiles);
  const [progress, setProgress] = useState<number | null>(null);
  const [analysis, setAnalysis] = useState<StrainAnalysis | null>(null);
  const [analyzing, setAnalyzing] = useState(false);
  const latestAnalysis = useRef(0);

  const field = (key: Parameters<typeof form.input>[0]) => ({ ...form.input(key), disabled: busy });

  // Choosing a primary image on the upload form starts the AI analysis; a failure only says so.
  const analyze = (file: File) => {
    const run = ++latestAnalysis.current;
    setAnalyzing(true);
    analyzeStrain(file)
      .then(
        (result) => {
          if (run === latestAnalysis.current) setAnalysis(result);
        },
        () => {
          if (run === latestAnalysis.current) toast.error(tm(strainAnalysisMessages.failed));
        },
      )
      .finally(() => {
        if (run === latestAnalysis.current) setAnalyzing(false);
      });
  };
  const choosePrimary = (file: File | null) => {
    setFiles((all) => ({ ...all, primary: file }));
    if (file && mode === "create") analyze(file);
  };
  const apply = (applied: AppliedSuggestion) => {
    form.setValues((all) => ({
      ...all,
      title: applied.title ?? all.title,
      strainType: applied.strainType,
      description: applied.description,
    }));
    form.setErrors((all) => ({ ...all, title: undefined, strainType: undefined }));
    setAnalysis(null);
    toast.success(tm(strainAnalysisMessages.applied));
  };
  const removeCurrent = (url: string) => setFiles((all) => ({ ...all, removed: [...all.removed, url] }));

  const uploadsOf = async (id: string) => {
    if (!hasUploads(files) && files.removed.length === 0) return;
    setProgress(0);
    await saveFiles(id, files, setProgress);
  };

  const create = async (body: Parameters<typeof api.admin.products.$post>[0]["json"]) => {
    let created: AdminProduct;
    try {
      created = (await call(api.admin.products.$post({ json: body }))).product;
    } catch (error) {
      toast.error(t("admin.productForm.createFailed"), { id: FORM_TOAST, description: errorMessage(error) });
      return;
    }
    try {
      await uploadsOf(created.id);
    } catch (error) {
      toast.error(t("admin.productForm.imagesFailed"), { id: FORM_TOAST, description: errorMessage(error) });
      // The product exists: its images can be tried again on its edit screen.
      navigate(`/admin/edit-product/${created.id}`);
      return;
    }
    toast.success(t("admin.productForm.created"), {
      id: FORM_TOAST,
      action: { label: t("admin.productForm.viewAll"), onClick: () => navigate(PRODUCTS_LIST) },
    });
    // Ready for the next product.
    form.setValues(emptyProductForm);
    setFiles(noFiles);
    setProgress(null);
    window.scrollTo({ top: 0 });
  };

  const update = async (id: string, body: Parameters<typeof api.admin.products.$post>[0]["json"]) => {
    try {
      await call(api.admin.products[":id"].$patch({ param: { id }, json: body }));
      await uploadsOf(id);
      toast.success(t("admin.productForm.updated"), { id: FORM_TOAST });
      navigate(PRODUCTS_LIST);
    } catch (error) {
      toast.error(t("admin.productForm.updateFailed"), { id: FORM_TOAST, description: errorMessage(error) });
      setProgress(null);
    }
  };

  const submit = form.submit(
    // The body as typed (the API saves empty optional fields as null), not the contract's output.
    () => (product ? update(product.id, productBody(values)) : create(productBody(values))),
    (refusal) => toast.error(tm(productFormRefusal(refusal.fields, refusal.first)), { id: FORM_TOAST }),
  );

  const primaryNow =
    product?.primaryImageUrl && !files.removed.includes(product.primaryImageUrl)
      ? product.primaryImageUrl
      : null;
  const additionalNow = (product?.additionalImages ?? []).filter((url) => !files.removed.includes(url));
  const step = mode === "create" ? "0.01" : "0.1";

  return (
    <div className="page settings-page product-form-page">
      <PageHeader
        title={t(product ? "admin.productForm.editTitle" : "admin.menu.uploadProducts")}
        back={PRODUCTS_LIST}
      >
        <p className="page-subtitle">{product ? product.title : t("admin.productForm.addHint")}</p>
      </PageHeader>
      <form
        className="form product-form"
        onSubmit={submit}
        noValidate
        aria-label={t("admin.productForm.product")}
      >
        <Section title={t("admin.productForm.images")}>
          <PrimaryImagePicker
            current={primaryNow}
            file={files.primary}
            onChoose={choosePrimary}
            onRemoveCurrent={() => primaryNow && removeCurrent(primaryNow)}
            disabled={busy}
          />
          {analyzing ? (
            <p className="product-form-analyzing" role="status">
              <Spinner size="s" /> {t("admin.productForm.analyzing")}
            </p>
          ) : null}
          <AdditionalImagesPicker
            current={additionalNow}
            files={files.additional}
            onFiles={(additional) => setFiles((all) => ({ ...all, additional }))}
            onRemoveCurrent={removeCurrent}
            disabled={busy}
          />
        </Section>
        <Section title={t("admin.productForm.product")}>
          <Field
            label={t("admin.productForm.title")}
            name="title"
            autoComplete="off"
            maxLength={200}
            {...field("title")}
          />
          <TextAreaField
            label={t("admin.productForm.description")}
            value={values.description}
            onChange={(text) => set("description", text)}
            maxLength={10_000}
            rows={6}
            disabled={busy}
          />
          <Field
            label={t("admin.productForm.price")}
            name="creditPrice"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            placeholder="0.00"
            {...field("creditPrice")}
          />
          <SelectField
            label={t("admin.productForm.category")}
            empty={t("admin.productForm.noCategory")}
            options={mode === "create" ? createFormCategories : productCategories}
            {...field("category")}
            onChange={(value) => set("category", value)}
          />
          <SelectField
            label={t("admin.productForm.strainType")}
            empty={t("admin.productForm.noStrainType")}
            options={strainTypes}
            {...field("strainType")}
            onChange={(value) => set("strainType", value)}
          />
        </Section>
        <Section title={t("admin.productForm.details")}>
          <div className="product-form-pair">
            <Field
              label="THC %"
              type="number"
              inputMode="decimal"
              step={step}
              min="0"
              max="100"
              {...field("thcPercentage")}
            />
            <Field
              label="CBD %"
              type="number"
              inputMode="decimal"
              step={step}
              min="0"
              max="100"
              {...field("cbdPercentage")}
            />
          </div>
          <div className="product-form-pair">
            <Field
              label={t("admin.productForm.stock")}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              {...field("stockQuantity")}
            />
            <Field
              label={t("admin.productForm.unitSize")}
              placeholder={t("admin.productForm.unitSizePlaceholder")}
              maxLength={50}
              {...field("unitSize")}
            />
          </div>
          <div className="product-form-pair">
            <Field label={t("admin.productForm.batchNumber")} maxLength={100} {...field("batchNumber")} />
            <Field label={t("admin.productForm.labTestedDate")} type="date" {...field("labTestedDate")} />
          </div>
          <StateSelect
            value={values.restrictedStates}
            onChange={(states) => set("restrictedStates", states)}
            disabled={busy}
          />
          <CertificatePicker
            current={product?.coaUrl ?? null}
            file={files.certificate}
            onChoose={(certificate) => setFiles((all) => ({ ...all, certificate }))}
            disabled={busy}
          />
        </Section>
        <Section title={t("admin.productForm.features")}>
          <FeaturesEditor
            value={values.features}
            onChange={(features) => set("features", features)}
            disabled={busy}
          />
        </Section>
        <Section title={t("admin.productForm.storefront")}>
          <Field
            label={t("admin.productForm.variant")}
            placeholder="gid://shopify/ProductVariant/…"
            autoComplete="off"
            note={t("admin.productForm.variantNote")}
            value={values.variantId}
            onChange={(event) => set("variantId", event.target.value)}
            error={errors.storefront && tm(errors.storefront)}
            disabled={busy}
          />
          <div className="product-form-pair">
            <Field
              label={t("admin.productForm.storePrice")}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={values.storefrontAmount}
              onChange={(event) => set("storefrontAmount", event.target.value)}
              disabled={busy || values.variantId.trim() === ""}
            />
            <Field
              label={t("admin.productForm.currency")}
              maxLength={3}
              autoCapitalize="characters"
              value={values.storefrontCurrency}
              onChange={(event) => set("storefrontCurrency", event.target.value)}
              disabled={busy || values.variantId.trim() === ""}
            />
          </div>
        </Section>
        <Section title={t("admin.productForm.visibility")}>
          <SwitchField
            label={t("admin.productForm.featured")}
            note={t("admin.productForm.featuredNote")}
            checked={values.isFeatured}
            onChange={(on) => set("isFeatured", on)}
            disabled={busy}
          />
          <SwitchField
            label={t("admin.common.active")}
            note={t("admin.productForm.activeNote")}
            checked={values.isActive}
            onChange={(on) => set("isActive", on)}
            disabled={busy}
          />
        </Section>
        {progress !== null ? (
          <div className="product-form-progress">
            <Progress value={Math.round(progress * 100)} aria-label={t("admin.productForm.uploadProgress")} />
            <span aria-live="polite">
              {t("admin.productForm.uploading", { percent: Math.round(progress * 100) })}
            </span>
          </div>
        ) : null}
        <Button type="submit" size="l" stretched disabled={busy} loading={busy}>
          {t(product ? "admin.productForm.update" : "admin.productForm.upload")}
        </Button>
      </form>
      {analysis ? (
        <AiSuggestionsSheet analysis={analysis} onApply={apply} onClose={() => setAnalysis(null)} />
      ) : null}
    </div>
  );
}
