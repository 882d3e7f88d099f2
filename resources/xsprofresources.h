#pragma once
// Paths of the files compiled in from resources.qrc (linked through xsprof_resources).

namespace XsprofResources {

inline constexpr char exampleProfile[] = ":/examples/example.cpuprofile";

inline constexpr char appIcon[] = ":/icons/xsprof.svg";
inline constexpr char stopwatchIcon[] = ":/icons/stopwatch.svg";
inline constexpr char breakIcon[] = ":/icons/break.svg";
inline constexpr char runIcon[] = ":/icons/run.svg";
inline constexpr char stepIcon[] = ":/icons/step.svg";
inline constexpr char stepInIcon[] = ":/icons/step-in.svg";
inline constexpr char stepOutIcon[] = ":/icons/step-out.svg";
inline constexpr char killIcon[] = ":/icons/kill.svg";
inline constexpr char pluralForms[] = ":/translations/xsprof_en.qm";

// True when the compiled-in files are registered (the example profile can be opened).
bool available();

// Installs the English plural forms (translations/xsprof_en.ts) on the running application, so
// that tr("Copied %n row(s).", nullptr, n) reads "Copied 1 row." or "Copied 3 rows.".
// False when they could not be loaded.
bool installPluralForms();

} // namespace XsprofResources
