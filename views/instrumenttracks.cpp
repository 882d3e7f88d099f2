#include "views/instrumenttracks.h"

#include "views/costformat.h"
#include "views/document/modeltext.h"
#include "views/document/profiledocument.h"
#include "views/qcustomplotinclude.h"
#include "views/timelinewidget.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace {

constexpr double trackDragThreshold = 3.0; // pixels, as on the timeline: less is a click

QString withUnit(const QString& number, const QString& unit)
{
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

bool varies(const xsprof::InstrumentSeries& series, size_t i)
{
    const auto& v = series.values[i];
    return std::adjacent_find(v.begin(), v.end(), std::not_equal_to<>()) != v.end();
}

} // namespace

InstrumentTracks::InstrumentTracks(ProfileDocument* document, TimelineWidget* timeline, QWidget* parent)
    : QWidget(parent), m_document(document), m_timeline(timeline)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent); // every pixel is painted: nothing stale shows
    setAccessibleName(tr("Instrument tracks"));
    // The timeline replots on every zoom, pan, selection and new data: the tracks follow.
    connect(m_timeline->plot(), &QCustomPlot::afterReplot, this, qOverload<>(&QWidget::update));
    connect(m_document, &ProfileDocument::requestedSelectionChanged, this, qOverload<>(&QWidget::update));
    connect(m_document, &ProfileDocument::resultsChanged, this, [this] {
        if (m_document->loaded() != m_data)
            refresh();
        else
            update(); // a new range: the labels' statistics
    });
    refresh();
}

const xsprof::InstrumentSeries& InstrumentTracks::series() const
{
    return m_data->profile.instruments;
}

void InstrumentTracks::refresh()
{
    m_data = m_document->loaded();
    setVisible(!series().empty());
    updateShown();
}

void InstrumentTracks::updateShown()
{
    const xsprof::InstrumentSeries& s = series();
    m_shown.clear();
    for (size_t i = 0; i < s.instrumentCount(); ++i) {
        const auto choice = m_choice.constFind(fromStd(s.names[i]));
        if (choice != m_choice.constEnd() ? *choice : varies(s, i))
            m_shown.push_back(i);
    }
    updateGeometry();
    update();
}

bool InstrumentTracks::isShown(size_t instrument) const
{
    return std::find(m_shown.begin(), m_shown.end(), instrument) != m_shown.end();
}

void InstrumentTracks::setShown(size_t instrument, bool shown)
{
    if (instrument >= series().instrumentCount())
        return;
    m_choice.insert(fromStd(series().names[instrument]), shown);
    updateShown();
}

int InstrumentTracks::trackHeight() const
{
    return fontMetrics().height() + 6;
}

QSize InstrumentTracks::sizeHint() const
{
    return {200, trackHeight() * std::max<int>(1, int(m_shown.size()))};
}

QRect InstrumentTracks::trackRect(int track) const
{
    return {0, track * trackHeight(), width(), trackHeight()};
}

int InstrumentTracks::trackAt(int y) const
{
    const int track = y / trackHeight();
    return y >= 0 && track < int(m_shown.size()) ? track : -1;
}

double InstrumentTracks::pixelOf(double t) const
{
    const QCustomPlot* plot = m_timeline->plot();
    const double offset = mapFromGlobal(plot->mapToGlobal(QPoint(0, 0))).x();
    return offset + plot->xAxis->coordToPixel(t - m_timeline->profileStart());
}

double InstrumentTracks::timeAt(double x) const
{
    const QCustomPlot* plot = m_timeline->plot();
    const double offset = mapFromGlobal(plot->mapToGlobal(QPoint(0, 0))).x();
    return m_timeline->profileStart() + plot->xAxis->pixelToCoord(x - offset);
}

QString InstrumentTracks::statsText(const xsprof::InstrumentSeries& series, size_t i, double t0, double t1)
{
    const xsprof::InstrumentStats stats = series.stats(i, t0, t1);
    if (stats.count == 0)
        return tr("no sample in the range");
    const QLocale locale;
    return withUnit(tr("min %1 · max %2 · mean %3")
                        .arg(locale.toString(qint64(stats.min)), locale.toString(qint64(stats.max)),
                             locale.toString(stats.mean, 'f', stats.mean == double(int64_t(stats.mean)) ? 0 : 1)),
                    fromStd(series.displayUnit(i)));
}

QString InstrumentTracks::labelText(int track) const
{
    if (track < 0 || track >= int(m_shown.size()))
        return {};
    const size_t i = m_shown[size_t(track)];
    const QString name = fromStd(series().names[i]);
    const ProfileDocument::Selection range = shownRange();
    if (!range.hasRange())
        return name;
    return name + QStringLiteral("  ") + statsText(series(), i, range.start, range.end);
}

QString InstrumentTracks::toolTipAt(QPoint at) const
{
    const int track = trackAt(at.y());
    if (track < 0)
        return {};
    const size_t i = m_shown[size_t(track)];
    const double t = timeAt(at.x());
    const std::optional<int64_t> value = series().valueAt(i, t);
    if (!value)
        return {};
    const double origin = m_timeline->profileStart();
    return tr("%1: %2 at %3")
        .arg(fromStd(series().names[i]), withUnit(QLocale().toString(qint64(*value)), fromStd(series().displayUnit(i))),
             CostFormat::time(std::max(0.0, t - origin)));
}

bool InstrumentTracks::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

bool InstrumentTracks::isDragging() const
{
    return m_dragFromX >= 0 && std::abs(m_dragToX - m_dragFromX) >= trackDragThreshold;
}

ProfileDocument::Selection InstrumentTracks::shownRange() const
{
    if (!isDragging())
        return m_timeline->selection();
    const double t0 = std::clamp(timeAt(m_dragFromX), m_timeline->profileStart(), m_timeline->profileEnd());
    const double t1 = std::clamp(timeAt(m_dragToX), m_timeline->profileStart(), m_timeline->profileEnd());
    return {std::min(t0, t1), std::max(t0, t1)};
}

void InstrumentTracks::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_dragFromX = m_dragToX = event->position().x();
}

void InstrumentTracks::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || m_dragFromX < 0)
        return QWidget::mouseReleaseEvent(event);
    m_dragToX = event->position().x();
    const bool dragged = isDragging();
    const ProfileDocument::Selection range = shownRange();
    m_dragFromX = m_dragToX = -1.0;
    if (dragged && range.hasRange())
        m_document->setTimeRange(range.start, range.end); // a click keeps the range there was
    update();
}

void InstrumentTracks::mouseMoveEvent(QMouseEvent* event)
{
    m_hoverX = event->position().x();
    if (m_dragFromX >= 0) {
        m_dragToX = m_hoverX;
        QToolTip::hideText();
        update();
        return;
    }
    update();
    const QString text = toolTipAt(event->position().toPoint());
    if (!text.isEmpty())
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    else
        QToolTip::hideText();
}

void InstrumentTracks::leaveEvent(QEvent* event)
{
    m_hoverX = -1.0;
    update();
    QWidget::leaveEvent(event);
}

void InstrumentTracks::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        updateShown();
}

void InstrumentTracks::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    const xsprof::InstrumentSeries& s = series();
    connect(menu.addAction(tr("Show Changing Instruments")), &QAction::triggered, this, [this] {
        m_choice.clear();
        updateShown();
    });
    connect(menu.addAction(tr("Hide All")), &QAction::triggered, this, [this] {
        for (size_t i = 0; i < series().instrumentCount(); ++i)
            m_choice.insert(fromStd(series().names[i]), false);
        updateShown();
    });
    menu.addSeparator();
    for (size_t i = 0; i < s.instrumentCount(); ++i) {
        QAction* action = menu.addAction(withUnit(fromStd(s.names[i]), QStringLiteral("(%1)").arg(fromStd(s.displayUnit(i)))));
        action->setCheckable(true);
        action->setChecked(isShown(i));
        connect(action, &QAction::toggled, this, [this, i](bool on) { setShown(i, on); });
    }
    menu.exec(event->globalPos());
}

void InstrumentTracks::paintTrack(QPainter& painter, int track, const QRect& rect, const QColor& colour) const
{
    const xsprof::InstrumentSeries& s = series();
    const size_t i = m_shown[size_t(track)];
    const auto& values = s.values[i];
    if (!values.empty()) {
        const auto [low, high] = std::minmax_element(values.begin(), values.end());
        const double lo = std::min<double>(0.0, double(*low));
        const double hi = std::max(double(*high), lo + 1.0);
        const double bottom = rect.bottom() - 1.0, top = rect.top() + 3.0;
        auto yOf = [&](int64_t v) { return bottom - (double(v) - lo) / (hi - lo) * (bottom - top); };
        const double end = std::max(m_timeline->profileEnd(), s.times.back());
        QPainterPath line;
        QPolygonF area;
        area << QPointF(pixelOf(s.times.front()), bottom);
        for (size_t k = 0; k < values.size(); ++k) {
            const double x0 = pixelOf(s.times[k]);
            const double x1 = pixelOf(k + 1 < values.size() ? s.times[k + 1] : end);
            const double y = yOf(values[k]);
            area << QPointF(x0, y) << QPointF(x1, y);
            if (k == 0)
                line.moveTo(x0, y);
            else
                line.lineTo(x0, y);
            line.lineTo(x1, y);
        }
        area << QPointF(area.back().x(), bottom);
        QColor fill = colour;
        fill.setAlphaF(0.3f);
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawPolygon(area);
        painter.setPen(QPen(colour, 1.2));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(line);
        painter.setBrush(colour); // each <samples>: a dot where it arrived
        painter.setPen(Qt::NoPen);
        for (size_t k = 0; k < values.size(); ++k)
            painter.drawEllipse(QPointF(pixelOf(s.times[k]), yOf(values[k])), 2.0, 2.0);
    }
    // The label over the plot's left end, on a veil of the background to stay readable.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    painter.setFont(small);
    const QString label = labelText(track);
    const QRect text = QFontMetrics(small).boundingRect(label).translated(rect.left() + 6, rect.top() + 2);
    QColor veil = palette().color(QPalette::Base);
    veil.setAlphaF(0.75f);
    painter.fillRect(QRect(text.left(), rect.top() + 1, text.width() + 4, QFontMetrics(small).height()), veil);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QPoint(text.left() + 2, rect.top() + 1 + QFontMetrics(small).ascent()), label);
}

void InstrumentTracks::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (m_shown.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(6, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         tr("Instruments: none shown (right-click to choose)"));
        return;
    }
    const bool dark = palette().color(QPalette::Base).lightnessF() < 0.5;
    painter.setRenderHint(QPainter::Antialiasing);
    for (int track = 0; track < int(m_shown.size()); ++track) {
        const QRect r = trackRect(track);
        if (track % 2)
            painter.fillRect(r, palette().color(QPalette::AlternateBase));
        painter.save();
        painter.setClipRect(r);
        const QColor colour = QColor::fromHsv(int((m_shown[size_t(track)] * 47) % 360), dark ? 120 : 170, dark ? 235 : 190);
        paintTrack(painter, track, r, colour);
        painter.restore();
    }
    QColor shade = palette().color(QPalette::Highlight);
    const ProfileDocument::Selection range = shownRange();
    if (range.hasRange()) {
        shade.setAlphaF(0.18f);
        painter.fillRect(QRectF(QPointF(pixelOf(range.start), 0), QPointF(pixelOf(range.end), height())), shade);
    }
    if (m_hoverX >= 0) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DotLine));
        painter.drawLine(QPointF(m_hoverX, 0), QPointF(m_hoverX, height()));
    }
}
