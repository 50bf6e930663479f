import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Select } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { LANGUAGES } from "@/i18n/languages";

const REVIEW: Record<string, string> = { source: "Source", reviewed: "Reviewed", draft: "Draft" };

/**
 * The play shell's languages: every language Playloop speaks (new ones as they come) or a chosen
 * few, and the one players get when none of theirs is offered. `languages` empty means every one.
 */
export function LanguagesCard(o: {
  languages: string[];
  onLanguages: (l: string[]) => void;
  defaultLanguage: string;
  onDefault: (code: string) => void;
  errors: Record<string, string | undefined>;
}) {
  const chosen = o.languages.length > 0;
  const offered = chosen ? LANGUAGES.filter((l) => o.languages.includes(l.code)) : LANGUAGES;
  const toggle = (code: string, on: boolean) => {
    const next = LANGUAGES.map((l) => l.code).filter((c) => (c === code ? on : o.languages.includes(c)));
    o.onLanguages(next.length > 0 ? next : [code]); // at least one stays chosen
    if (!on && code === o.defaultLanguage) o.onDefault(next[0] ?? code);
  };
  return (
    <Card>
      <CardHeader
        title="Languages"
        description="The games, the lobby, the wheel and reward messages speak the player's language: what your embed code asks for, else your page's language, else the browser's — among the languages offered here."
      />
      <CardBody className="space-y-5">
        <Field label="Offered languages" error={o.errors.languages}>
          <RadioCards
            name="languages_mode"
            value={chosen ? "some" : "all"}
            onChange={(v) => o.onLanguages(v === "all" ? [] : LANGUAGES.map((l) => l.code))}
            options={[
              { value: "all", label: "Every language", description: `All ${LANGUAGES.length} Playloop speaks today, and new ones as they are added.` },
              { value: "some", label: "Only these", description: "A fixed list: players whose language is not on it get the default." },
            ]}
          />
        </Field>
        {chosen && (
          <fieldset className="grid gap-2 sm:grid-cols-2" data-testid="language-choices">
            <legend className="sr-only">Languages offered</legend>
            {LANGUAGES.map((l) => (
              <label key={l.code} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <input type="checkbox" checked={o.languages.includes(l.code)} onChange={(e) => toggle(l.code, e.target.checked)} className="size-4 accent-brand-600" />
                <span lang={l.code} className="font-medium text-slate-900">
                  {l.name}
                </span>
                <span className="text-slate-500">{l.code}</span>
                <Badge tone={l.review === "draft" ? "amber" : "neutral"} className="ml-auto">
                  {REVIEW[l.review]}
                </Badge>
              </label>
            ))}
          </fieldset>
        )}
        <Field label="Default language" htmlFor="default_language" error={o.errors.default_language} hint="What players get when none of their languages is offered.">
          <Select id="default_language" value={o.defaultLanguage} onChange={(e) => o.onDefault(e.target.value)} invalid={!!o.errors.default_language}>
            {offered.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </Select>
        </Field>
      </CardBody>
    </Card>
  );
}
