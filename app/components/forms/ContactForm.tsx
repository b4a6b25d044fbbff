/**
 * The contact page's form. With JavaScript, it checks the fields as the visitor goes, opens the
 * chat app in a new tab within the click (so pop-up blockers allow it) and records the request
 * on the server without holding the tab up. Without JavaScript it is a plain form: the server
 * checks it with the same schema and sends the visitor on to the chat app.
 */
import { useRef, useState, type FormEvent } from "react";
import { telHref, useBusiness } from "~/lib/site-data.ts";
import { buildChatLink, CONTACT_FIELDS, contactSchema, parseContact, type ContactField } from "~/lib/forms/contact.ts";
import type { FieldErrors } from "~/lib/forms/fields.ts";
import { Field, Honeypot, TextArea } from "./Field.tsx";

export interface ContactServerResult {
  errors: FieldErrors<ContactField>;
  values: Record<ContactField, string>;
}

type Status = "idle" | "submitting" | "sent" | "error";

function fieldError(name: ContactField, value: string): string | undefined {
  const result = contactSchema.shape[name].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function ContactForm({ serverResult }: { serverResult?: ContactServerResult }) {
  const site = useBusiness();
  const [errors, setErrors] = useState<FieldErrors<ContactField>>(serverResult?.errors ?? {});
  const [status, setStatus] = useState<Status>("idle");
  // Messages appear on the first submit, then follow each field as it is corrected. Checking on
  // blur instead would move the button just as the visitor clicks it.
  const [checking, setChecking] = useState(Boolean(serverResult));
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const values = serverResult?.values;

  function recheck(name: ContactField, value: string) {
    if (checking) setErrors((current) => ({ ...current, [name]: fieldError(name, value) }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const parsed = parseContact(formData);
    setChecking(true);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus("idle");
      const first = CONTACT_FIELDS.find((name) => parsed.errors[name]);
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus("submitting");
    // Opened before anything is awaited: a tab opened later than the click is blocked.
    const tab = window.open(buildChatLink(site.chatNumber, parsed.data), "_blank");
    if (!tab) {
      setStatus("error");
      noticeRef.current?.focus();
      return;
    }
    tab.opener = null;
    const body = new URLSearchParams();
    for (const [key, value] of formData) if (typeof value === "string") body.append(key, value);
    fetch("/api/contact", { method: "POST", body, keepalive: true, headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        formRef.current?.reset();
        setChecking(false);
        setStatus("sent");
      })
      .catch(() => setStatus("error"))
      .finally(() => noticeRef.current?.focus());
  }

  const busy = status === "submitting";
  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={handleSubmit}
      className="relative space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl sm:text-3xl">
        Send Us A Message
      </h2>
      <p className="text-muted">We reply within 24 hours with a free quote.</p>
      <div ref={noticeRef} tabIndex={-1} role="status" aria-live="polite" className="outline-none">
        {status === "sent" && (
          <p className="rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700">
            Thank you! Your message has been sent. We'll contact you soon.
          </p>
        )}
        {status === "error" && (
          <p className="rounded-lg bg-red-50 p-4 font-semibold text-danger ring-1 ring-danger">
            Something went wrong. Please try calling us directly on{" "}
            <a href={telHref(site)} className="underline">
              {site.phone.display}
            </a>
            .
          </p>
        )}
      </div>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["name", "Full Name", "text", "name"],
            ["email", "Email Address", "email", "email"],
            ["phone", "Phone Number", "tel", "tel"],
            ["postcode", "Postcode", "text", "postal-code"],
          ] as const
        ).map(([name, label, type, autoComplete]) => (
          <Field
            key={name}
            form="contact"
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            defaultValue={values?.[name]}
            error={errors[name]}
            onChange={(e) => recheck(name, e.currentTarget.value)}
          />
        ))}
      </div>
      <TextArea
        form="contact"
        name="message"
        label="Message"
        rows={5}
        defaultValue={values?.message}
        error={errors.message}
        onChange={(e) => recheck("message", e.currentTarget.value)}
      />
      <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto" disabled={busy}>
        {busy ? "Sending..." : "Send Message"}
      </button>
      <p className="text-sm text-muted">
        Sending opens a chat with us in a new tab, with your message ready to send. We also keep a copy so we can reply. See
        our{" "}
        <a href="/privacy" className="link">
          privacy notice
        </a>
        .
      </p>
    </form>
  );
}
