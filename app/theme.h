#pragma once
// View › Theme: the platform's look (System), or Fusion with a light or a dark palette.
// The choice is kept in the settings and applied to the whole application; the custom-
// painted views follow the palette (they repaint on QEvent::PaletteChange).
#include <QString>

class QMenu;
class QSettings;

namespace Theme {

enum class Mode { System, Light, Dark };

Mode load(const QSettings& settings);
void save(QSettings& settings, Mode mode);

// Sets the style and palette of the QApplication. The first call remembers the platform's
// own style and palette, which System gives back.
void apply(Mode mode);

// True when the palette's window colour is dark (for colours the palette does not carry).
bool isDark();

QString name(Mode mode);

// View › Theme: System, Light, Dark as checkable items; choosing one applies and keeps it.
// `settings` must outlive the menu.
void fillMenu(QMenu* menu, QSettings& settings);

} // namespace Theme
