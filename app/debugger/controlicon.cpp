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
        // The icon in grey, its darkest parts a little darker than the disabled text, its lightest
        // exactly that colour: the shape and its details stay, nothing is brighter than the label.
        const QPixmap normal = m_base.pixmap(size, QIcon::Normal, state);
        QImage image = normal.toImage().convertToFormat(QImage::Format_ARGB32);
        const QColor text = QGuiApplication::palette().color(QPalette::Disabled, QPalette::ButtonText);
        for (int y = 0; y < image.height(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
            for (int x = 0; x < image.width(); ++x) {
                const double shade = 0.55 + 0.45 * qGray(line[x]) / 255.0;
                line[x] = qRgba(int(text.red() * shade), int(text.green() * shade), int(text.blue() * shade),
                                qAlpha(line[x]));
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
