#include "app/debugger/controlicon.h"

#include <QGuiApplication>
#include <QIconEngine>
#include <QImage>
#include <QPainter>
#include <QPalette>

namespace {

class ControlIconEngine : public QIconEngine
{
public:
    explicit ControlIconEngine(const QIcon& base) : m_base(base) {}

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal ratio = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        QPixmap drawn = pixmap((QSizeF(rect.size()) * ratio).toSize(), mode, state);
        drawn.setDevicePixelRatio(ratio);
        painter->drawPixmap(rect, drawn);
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        if (mode != QIcon::Disabled)
            return m_base.pixmap(size, mode, state);
        // The icon in the disabled text colour, its darker parts blended towards the window
        // colour: the shape and its details stay, and no part stands out more than the label,
        // on a light palette as on a dark one.
        const QPixmap normal = m_base.pixmap(size, QIcon::Normal, state);
        QImage image = normal.toImage().convertToFormat(QImage::Format_ARGB32);
        const QPalette palette = QGuiApplication::palette();
        const QColor text = palette.color(QPalette::Disabled, QPalette::ButtonText);
        const QColor window = palette.color(QPalette::Window);
        for (int y = 0; y < image.height(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
            for (int x = 0; x < image.width(); ++x) {
                const double towardWindow = 0.5 * (1.0 - qGray(line[x]) / 255.0);
                const auto mix = [towardWindow](int a, int b) { return int(a + (b - a) * towardWindow); };
                line[x] = qRgba(mix(text.red(), window.red()), mix(text.green(), window.green()),
                                mix(text.blue(), window.blue()), qAlpha(line[x]));
            }
        }
        QPixmap shape = QPixmap::fromImage(image);
        shape.setDevicePixelRatio(normal.devicePixelRatio());
        return shape;
    }

    QSize actualSize(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return m_base.actualSize(size, mode, state);
    }

    QIconEngine* clone() const override { return new ControlIconEngine(m_base); }

private:
    QIcon m_base;
};

} // namespace

QIcon controlIcon(const QString& path)
{
    return QIcon(new ControlIconEngine(QIcon(path)));
}
