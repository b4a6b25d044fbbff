/**
 * The passkey ceremonies in the browser: the one thing in the owner's area that needs a script.
 * A form marked `data-passkey="/admin/webauthn/..."` asks that endpoint for options, lets the
 * device create or use a passkey, and sends the answer back; the server then says where to go.
 * The markup is rendered by components/owner/PasskeyForm.tsx.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";

type Answer = { ok: true; data: Record<string, unknown> } | { ok: false; message: string };

async function post(endpoint: string, fields: URLSearchParams): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(endpoint, { method: "POST", body: fields, headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: "No connection to the server. Check your signal, then try again." };
  }
  if (response.status === 429) return { ok: false, message: "Too many sign-in attempts from this connection. Wait a minute, then try again." };
  let data: Record<string, unknown>;
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    return { ok: false, message: "Something went wrong on the server. Try again in a moment." };
  }
  if (!response.ok) return { ok: false, message: typeof data.error === "string" ? data.error : "That did not work. Try again." };
  return { ok: true, data };
}

function enhance(form: HTMLFormElement) {
  const endpoint = form.dataset.passkey!;
  const creating = endpoint.endsWith("/registration");
  const status = form.querySelector<HTMLElement>("[data-passkey-status]")!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const say = (text: string, problem = false) => {
    status.textContent = text;
    status.classList.toggle("text-danger", problem);
  };

  async function ceremony() {
    if (!browserSupportsWebAuthn()) return say("This browser cannot use passkeys. Try an up-to-date browser on your phone or computer.", true);
    say(creating ? "Follow your device's steps to create the passkey." : "Follow your device's steps to use your passkey.");
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.set(name, value);
    fields.set("intent", "options");
    const options = await post(endpoint, fields);
    if (!options.ok) return say(options.message, true);
    let credential: unknown;
    try {
      credential = creating
        ? await startRegistration({ optionsJSON: options.data as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] })
        : await startAuthentication({ optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
    } catch (error) {
      const reason = error instanceof Error && error.name === "InvalidStateError" ? "This device already has a passkey here." : "It was cancelled or timed out.";
      return say(`No passkey was ${creating ? "created" : "used"}: ${reason} Press the button to try again.`, true);
    }
    fields.set("intent", "verify");
    fields.set("credential", JSON.stringify(credential));
    const result = await post(endpoint, fields);
    if (!result.ok) return say(result.message, true);
    say(creating ? "Passkey saved." : "Signed in.");
    location.assign(String(result.data.redirect ?? "/admin"));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    button.disabled = true;
    void ceremony().finally(() => (button.disabled = false));
  });
  form.dataset.enhanced = "";
}

document.querySelectorAll<HTMLFormElement>("form[data-passkey]").forEach(enhance);
