#include "app/debugger/stopwatchbutton.h"

#include <QEvent>
#include <QFile>
#include <QPainter>
#include <QRegularExpression>
#include <QStyleOptionToolButton>
#include <QStylePainter>

#include <cmath>

namespace {
const QString iconPath = QStringLiteral(":/icons/stopwatch.svg");
// The hand as drawn in stopwatch.svg (viewBox 24×24): from the centre (12, 14) towards
// (15.2, 9.6), red, 1.75 wide. We paint it ourselves so that it can turn.
constexpr double centreX = 12.0, centreY = 14.0;
constexpr double handLength = 5.44;
constexpr double restAngle = 36.0;       // degrees, as in the icon
constexpr double degreesPerSecond = 180.0; // one turn in two seconds: visibly alive, not frantic
const QColor handColor(0xd9, 0x41, 0x2b);
} // namespace

StopwatchButton::StopwatchButton(QWidget* parent) : QToolButton(parent)
{
    setCheckable(true);
    setAutoRaise(true);
    setFocusPolicy(Qt::TabFocus);
    setToolTip(tr("Start profiling"));
    setAccessibleName(tr("Profiling"));
    m_animation.setInterval(40);
    connect(&m_animation, &QTimer::timeout, this, qOverload<>(&QWidget::update));
}

QSize StopwatchButton::sizeHint() const
{
    const int side = qMax(28, fontMetrics().height() * 2);
    return {side, side};
}

QString StopwatchButton::pauseReadersNote()
{
    return tr("xst (the XS test shell) reads commands only when it pauses: at a break, a breakpoint or a "
              "debugger statement, so a machine busy in a long loop acts on them later or never. The Moddable "
              "simulator and devices read them as they come.");
}

void StopwatchButton::setPending(const QString& text)
{
    if (m_pending == text)
        return;
    m_pending = text;
    updateToolTip();
    update();
}

void StopwatchButton::updateToolTip()
{
    if (!m_pending.isEmpty())
        setToolTip(m_pending + QStringLiteral(".\n") + pauseReadersNote().replace(QStringLiteral(". "), QStringLiteral(".\n")));
    else
        setToolTip(isChecked() ? tr("Stop profiling") : tr("Start profiling"));
}

void StopwatchButton::setProfiling(bool profiling)
{
    setChecked(profiling);
    updateToolTip();
    if (profiling && !m_animation.isActive()) {
        m_clock.start();
        m_animation.start();
    } else if (!profiling) {
        m_animation.stop();
    }
    update();
}

double StopwatchButton::handAngle() const
{
    if (!m_animation.isActive())
        return restAngle;
    return std::fmod(restAngle + double(m_clock.elapsed()) * degreesPerSecond / 1000.0, 360.0);
}

void StopwatchButton::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::EnabledChange || event->type() == QEvent::PaletteChange)
        m_dial = QPixmap(); // redrawn (greyed when disabled)
    QToolButton::changeEvent(event);
}

// The icon without its hand, rendered by Qt's SVG image plugin; the hand turns on top.
QPixmap StopwatchButton::dial(const QSize& size, qreal dpr)
{
    const QSize pixels = size * dpr;
    if (!m_dial.isNull() && m_dial.size() == pixels)
        return m_dial;
    QFile file(iconPath);
    QByteArray svg = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    // Drop the hand: the one path stroked in its red.
    svg = QString::fromUtf8(svg).remove(QRegularExpression(QStringLiteral("<path[^>]*#d9412b[^>]*/>"))).toUtf8();
    QImage image;
    if (!svg.isEmpty() && image.loadFromData(svg, "SVG"))
        image = image.scaled(pixels, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    if (image.isNull()) {
        // No resource or no SVG plugin: a plain dial, so the button still says what it is.
        image = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(pixels.width() / 24.0, pixels.height() / 24.0);
        p.setPen(QPen(QColor(0x3b, 0x7d, 0xc4), 2));
        p.setBrush(Qt::white);
        p.drawEllipse(QPointF(centreX, centreY), 8.25, 8.25);
        p.fillRect(QRectF(10, 1.5, 4, 2.5), QColor(0x3b, 0x7d, 0xc4));
    }
    if (!isEnabled()) {
        QImage grey = image.convertToFormat(QImage::Format_Grayscale8).convertToFormat(QImage::Format_ARGB32);
        grey.setAlphaChannel(image.convertToFormat(QImage::Format_Alpha8));
        image = grey;
    }
    m_dial = QPixmap::fromImage(image);
    m_dial.setDevicePixelRatio(dpr);
    return m_dial;
}

void StopwatchButton::paintEvent(QPaintEvent*)
{
    QStylePainter painter(this);
    QStyleOptionToolButton option;
    initStyleOption(&option);
    option.text.clear();
    option.icon = QIcon();
    // The usual raised/sunken panel, so hover and the checked state read like any tool button.
    painter.drawComplexControl(QStyle::CC_ToolButton, option);

    const int side = qMin(width(), height()) - 6;
    const QRect box(QPoint((width() - side) / 2, (height() - side) / 2), QSize(side, side));
    if (isChecked()) {
        // A soft red halo pulsing with the hand: profiling is on even when the hand is small.
        const double phase = 0.5 + 0.5 * std::sin(double(m_clock.elapsed()) / 300.0);
        QColor halo = handColor;
        halo.setAlphaF(0.12 + 0.18 * phase);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(halo);
        painter.drawEllipse(QRectF(box).adjusted(-2, 0, 2, 4));
    }
    if (!m_pending.isEmpty()) {
        // Asked, not yet read by the machine: a dashed ring in the highlight colour.
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5, Qt::DashLine));
        painter.drawEllipse(QRectF(box).adjusted(-1.5, -1.5, 1.5, 1.5));
    }
    painter.drawPixmap(box.topLeft(), dial(box.size(), devicePixelRatioF()));

    painter.setRenderHint(QPainter::Antialiasing);
    painter.translate(box.topLeft());
    painter.scale(side / 24.0, side / 24.0);
    painter.translate(centreX, centreY);
    painter.rotate(handAngle());
    painter.setPen(QPen(isEnabled() ? handColor : palette().color(QPalette::Disabled, QPalette::WindowText), 1.75,
                        Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(0, 0), QPointF(0, -handLength));
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x24, 0x52, 0x7f));
    painter.drawEllipse(QPointF(0, 0), 1.4, 1.4); // the hub, over the hand as in the icon
}
