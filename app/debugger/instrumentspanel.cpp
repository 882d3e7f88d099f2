#include "app/debugger/instrumentspanel.h"

#include "views/elidedlabel.h"
#include "views/plaintext.h"

#include "views/qcustomplotinclude.h"

#include "protocol/machinesession.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>

InstrumentsPanel::InstrumentsPanel(QWidget* parent)
    : QWidget(parent), m_grid(new QGridLayout(this)), m_empty(new QLabel(tr("No instruments"), this))
{
    setAutoFillBackground(true); // nothing of the panes beside shows through
    m_grid->setContentsMargins(4, 4, 4, 4);
    m_grid->setHorizontalSpacing(8);
    m_grid->setVerticalSpacing(0);
    m_grid->setColumnStretch(0, 1);
    m_grid->setRowStretch(0, 0);
    m_empty->setEnabled(false);
    m_grid->addWidget(m_empty, 0, 0, 1, 2);
}

InstrumentsPanel::~InstrumentsPanel() = default;

void InstrumentsPanel::setSession(MachineSession* session)
{
    if (m_session)
        m_session->disconnect(this);
    m_session = session;
    if (!session)
        return;
    connect(session, &MachineSession::instrumentsDeclared, this, &InstrumentsPanel::declare);
    connect(session, &MachineSession::instrumentSamples, this, &InstrumentsPanel::addSamples);
    declare(session->instruments());
    for (const xsbug::InstrumentSamples& samples : session->instrumentHistory()) // before this panel
        addSamples(samples);
}

void InstrumentsPanel::clearRows()
{
    for (const Row& row : std::as_const(m_rows)) {
        delete row.name;
        delete row.value;
        delete row.plot;
    }
    m_rows.clear();
    for (int r = 1; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
}

void InstrumentsPanel::declare(const xsbug::Instruments& instruments)
{
    // A new declaration restarts the history (xsbug-protocol.md §7.3).
    clearRows();
    m_sampleCount = 0;
    m_units.clear();
    for (const std::string& unit : instruments.units)
        m_units << QString::fromStdString(unit);
    const auto nameAt = [&](int i) { return QString::fromStdString(instruments.names.at(size_t(i))); };
    const int count = int(instruments.names.size());
    m_empty->setVisible(count == 0);
    for (int i = 0; i < count; ++i) {
        Row row;
        row.first = i;
        if (m_units.at(i) == QLatin1String(" / ") && i + 1 < count)
            row.second = ++i;
        row.name = new ElidedLabel(nameAt(row.first), this); // plain text: names and units from the machine
        row.value = new ElidedLabel(QString(), this);
        row.value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        row.plot = new QCustomPlot(this);
        row.plot->setFixedHeight(22);
        row.plot->setMinimumWidth(80);
        row.plot->axisRect()->setAutoMargins(QCP::msNone);
        row.plot->axisRect()->setMargins(QMargins(0, 1, 0, 1));
        row.plot->xAxis->setVisible(false);
        row.plot->yAxis->setVisible(false);
        row.plot->addGraph();
        applyColors(row.plot);
        row.unit = m_units.at(row.first) == QLatin1String(" / ") && row.second >= 0 ? m_units.at(row.second)
                                                                                     : m_units.at(row.first);
        row.plot->setToolTip(PlainText::toolTip(nameAt(row.first)));
        row.plot->setMouseTracking(true);
        const int index = int(m_rows.size());
        connect(row.plot, &QCustomPlot::mouseMove, this, [this, index](QMouseEvent* event) {
            QCustomPlot* plot = m_rows.at(index).plot;
            const QString text = valueTextAt(index, plot->xAxis->pixelToCoord(event->position().x()));
            QToolTip::showText(event->globalPosition().toPoint(), text.isEmpty() ? m_rows.at(index).name->text() : text,
                               plot);
        });
        const int r = 2 * int(m_rows.size()) + 1;
        m_grid->addWidget(row.name, r, 0);
        m_grid->addWidget(row.value, r, 1);
        m_grid->addWidget(row.plot, r + 1, 0, 1, 2);
        m_rows << row;
    }
    m_grid->setRowStretch(2 * int(m_rows.size()) + 1, 1); // the rows stay at the top
}

void InstrumentsPanel::applyColors(QCustomPlot* plot) const
{
    const QColor colour = palette().color(QPalette::Highlight);
    plot->setBackground(palette().brush(QPalette::Base)); // opaque: no stale pixels under it
    QCPGraph* graph = plot->graph(0);
    graph->setPen(QPen(colour, 1.2));
    QColor fill = colour;
    fill.setAlphaF(0.25f);
    graph->setBrush(fill);
}

void InstrumentsPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange && event->type() != QEvent::StyleChange)
        return;
    for (const Row& row : std::as_const(m_rows)) {
        applyColors(row.plot);
        row.plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void InstrumentsPanel::addSamples(const xsbug::InstrumentSamples& samples)
{
    if (m_rows.isEmpty())
        return;
    const double x = double(m_sampleCount++);
    const QLocale locale;
    bool widened = false;
    for (const Row& row : std::as_const(m_rows)) {
        // Missing values count as 0, as xsbug stores them.
        const auto valueAt = [&](int i) { return size_t(i) < samples.values.size() ? qint64(samples.values[size_t(i)]) : 0; };
        const qint64 value = valueAt(row.first);
        if (row.second >= 0) {
            const qint64 other = valueAt(row.second);
            row.value->setText(locale.toString(value) + QStringLiteral(" / ") + locale.toString(other)
                               + m_units.at(row.second));
        } else {
            row.value->setText(locale.toString(value) + m_units.at(row.first));
        }
        widened = widened || row.value->isElided() || row.name->isElided();
        QCPGraph* graph = row.plot->graph(0);
        graph->addData(x, double(value));
        graph->data()->removeBefore(x - m_window + 1); // the rolling window
        // A short history spreads over at least ten samples' width, a long one scrolls.
        const double first = std::max(0.0, x - m_window + 1);
        row.plot->xAxis->setRange(first, std::max(x, first + std::min(m_window - 1, 9)));
        bool found = false;
        QCPRange range = graph->getValueRange(found);
        if (found) {
            range.lower = std::min(range.lower, 0.0); // bars grow from 0, as xsbug's
            if (range.upper <= range.lower)
                range.upper = range.lower + 1;
            row.plot->yAxis->setRange(range.lower, range.upper * 1.05);
        }
        row.plot->replot(QCustomPlot::rpQueuedReplot);
    }
    if (widened)
        emit linesWidened();
}

void InstrumentsPanel::setWindow(int samples)
{
    m_window = std::max(2, samples);
}

QString InstrumentsPanel::rowName(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).name->text() : QString();
}

QString InstrumentsPanel::rowValue(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).value->text() : QString();
}

QString InstrumentsPanel::valueTextAt(int row, double x) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    const QCPGraph* graph = m_rows.at(row).plot->graph(0);
    const double sample = std::round(x);
    const auto at = graph->data()->findBegin(sample, false);
    if (at == graph->data()->constEnd() || at->key != sample)
        return {};
    const qint64 ago = m_sampleCount - 1 - qint64(sample);
    return tr("%1: %2%3 (%4)")
        .arg(m_rows.at(row).name->text(), QLocale().toString(qint64(at->value)), m_rows.at(row).unit,
             ago == 0 ? tr("last sample") : ago == 1 ? tr("1 sample ago") : tr("%1 samples ago").arg(ago));
}

ElidedLabel* InstrumentsPanel::nameLabel(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).name : nullptr;
}

ElidedLabel* InstrumentsPanel::valueLabel(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).value : nullptr;
}

QCustomPlot* InstrumentsPanel::plot(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).plot : nullptr;
}
