#include "theme.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QPainter>
#include <QPalette>
#include <QPlainTextEdit>
#include <QProxyStyle>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace Theme {

namespace {

const QString themeSettingsKey = QStringLiteral("view/theme");

struct Platform {
    QString style;
    QPalette palette;
};

// The look the application started with, before any theme was applied.
Platform& platform()
{
    static Platform original{QApplication::style()->name(), QApplication::palette()};
    return original;
}

// Fusion as the themes use it, with two marks it draws too faintly for a dark palette:
// - a checked tool button is only 10 % darker than an unchecked one (Top-down / Bottom-up
//   would not say which is on): it is tinted with the highlight colour;
// - a tab bar with the focus (the window's documents, a page's views) only tints its current
//   tab faintly: that tab is outlined in the highlight colour;
// - a plain text pane with the focus (the source pane) has no mark: its frame is outlined.
class ThemeStyle : public QProxyStyle
{
public:
    explicit ThemeStyle(QStyle* fusion) : QProxyStyle(fusion) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const QColor highlight = option->palette.color(QPalette::Highlight);
        if (element == PE_Frame && (option->state & State_HasFocus) && qobject_cast<const QPlainTextEdit*>(widget)) {
            // A text pane with the keys (the source pane): Fusion draws no focus mark on its frame.
            painter->save();
            painter->setPen(QPen(isDark() ? highlight.lighter(150) : highlight, 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(QRectF(option->rect).adjusted(1, 1, -1, -1));
            painter->restore();
            return;
        }
        if (element != PE_PanelButtonTool || !(option->state & State_On) || !(option->state & State_Enabled))
            return;
        // No outline of its own: FocusToolButton's focus ring stays visible on it.
        QColor tint = highlight;
        tint.setAlpha(isDark() ? 110 : 70);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(tint);
        painter->drawRoundedRect(QRectF(option->rect).adjusted(1, 1, -1, -1), 2, 2);
        painter->restore();
    }

    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override
    {
        QProxyStyle::drawControl(element, option, painter, widget);
        if (element != CE_TabBarTabShape || !(option->state & State_HasFocus))
            return;
        const QColor highlight = option->palette.color(QPalette::Highlight);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(QPen(isDark() ? highlight.lighter(150) : highlight, 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(QRectF(option->rect).adjusted(2, 2, -2, -2), 2, 2);
        painter->restore();
    }
};

QStyle* fusion()
{
    return new ThemeStyle(QStyleFactory::create(QStringLiteral("Fusion")));
}

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
    const QColor disabledText(0x7a, 0x7e, 0x85), highlight(0x2f, 0x65, 0xca);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x44));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x36, 0x39, 0x3e));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Inactive, QPalette::Highlight, QColor(0x2a, 0x4a, 0x85));
    return p;
}

} // namespace

Mode load(const QSettings& settings)
{
    const QString value = settings.value(themeSettingsKey).toString();
    if (value == QLatin1String("light"))
        return Mode::Light;
    if (value == QLatin1String("dark"))
        return Mode::Dark;
    return Mode::System;
}

void save(QSettings& settings, Mode mode)
{
    settings.setValue(themeSettingsKey, mode == Mode::Light ? QStringLiteral("light")
                                   : mode == Mode::Dark ? QStringLiteral("dark")
                                                        : QStringLiteral("system"));
}

void apply(Mode mode)
{
    const Platform& original = platform(); // remembered before the first change
    switch (mode) {
    case Mode::System:
        QApplication::setStyle(QStyleFactory::create(original.style));
        QApplication::setPalette(original.palette);
        break;
    case Mode::Light:
        QApplication::setStyle(fusion());
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Mode::Dark:
        QApplication::setStyle(fusion());
        QApplication::setPalette(darkPalette());
        break;
    }
}

bool isDark()
{
    return QApplication::palette().color(QPalette::Window).lightnessF() < 0.5;
}

QString name(Mode mode)
{
    switch (mode) {
    case Mode::System: return QApplication::translate("Theme", "&System");
    case Mode::Light: return QApplication::translate("Theme", "&Light");
    case Mode::Dark: return QApplication::translate("Theme", "&Dark");
    }
    return {};
}

void fillMenu(QMenu* menu, QSettings& settings)
{
    auto* group = new QActionGroup(menu);
    const Mode chosen = load(settings);
    for (const Mode mode : {Mode::System, Mode::Light, Mode::Dark}) {
        QAction* action = menu->addAction(name(mode), menu, [mode, &settings] {
            apply(mode);
            save(settings, mode);
        });
        action->setCheckable(true);
        action->setChecked(mode == chosen);
        group->addAction(action);
    }
}

} // namespace Theme
