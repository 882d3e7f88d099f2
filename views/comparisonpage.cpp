#include "views/comparisonpage.h"

#include "views/comparisonmodel.h"
#include "views/costformat.h"
#include "views/deltadelegate.h"
#include "views/diffflamegraphview.h"
#include "views/namecolumnlayout.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace {
// A cost of the compared profiles, in their measure.
QString costText(const ComparisonData& d, double cost)
{
    return CostFormat::value(cost, d.next->info.measure);
}

QString describe(const ComparisonData& d, xsprof::Side side)
{
    const QString name = side == xsprof::Side::Base ? d.baseName : d.nextName;
    const QString label = side == xsprof::Side::Base ? ComparisonPage::tr("Base:") : ComparisonPage::tr("New:");
    if (d.cohorts) {
        const size_t traces = side == xsprof::Side::Base ? d.cohorts->baseTraceCount : d.cohorts->newTraceCount;
        return ComparisonPage::tr("<b>%1</b> %2 (%3 traces, %4)")
            .arg(label, name.toHtmlEscaped(), QString::number(traces), costText(d, d.comparison.duration(side)));
    }
    // Without times, a sample is a call path's value, as the summary bar says.
    const bool timeline = (side == xsprof::Side::Base ? d.base : d.next)->info.hasTimeline;
    return ComparisonPage::tr("<b>%1</b> %2 (%3, %4)")
        .arg(label, name.toHtmlEscaped(), costText(d, d.comparison.duration(side)),
             timeline ? ComparisonPage::tr("%1 samples").arg(d.comparison.sampleCount(side))
                      : ComparisonPage::tr("%1 call paths").arg(d.comparison.sampleCount(side)));
}

// Two cohorts of different length (traces or summed duration, by more than 1 %): a function's
// summed time grows with the longer one, so Δ time and Δ share may point apart. Said once.
QString lengthNote(const ComparisonData& d)
{
    if (!d.cohorts)
        return {};
    const QString overlap = d.cohorts->sharedTraces == 0
                                ? QString()
                                : ComparisonPage::tr("<br><b>%n trace(s) in both cohorts</b>: they are compared with "
                                                     "themselves.", nullptr, int(d.cohorts->sharedTraces));
    const double base = d.comparison.duration(xsprof::Side::Base), next = d.comparison.duration(xsprof::Side::New);
    const bool differ = d.cohorts->baseTraceCount != d.cohorts->newTraceCount ||
                        std::abs(next - base) > 0.01 * std::max(std::abs(base), std::abs(next));
    if (!differ)
        return overlap;
    return overlap + ComparisonPage::tr("<br>The cohorts differ in length (%1 and %2 traces, %3 and %4): <b>Δ time</b> is the "
                              "change of summed time and grows with the longer cohort; <b>Δ share</b> compares each "
                              "function's share of the duration and is the measure of change. Colours follow the share.")
        .arg(QString::number(d.cohorts->baseTraceCount), QString::number(d.cohorts->newTraceCount),
             costText(d, base), costText(d, next));
}
} // namespace

ComparisonPage::ComparisonPage(ComparisonDataPtr data, QWidget* parent)
    : QWidget(parent)
    , m_data(std::move(data))
    , m_header(new QLabel(this))
    , m_relative(new QCheckBox(tr("Compare as % of each profile's duration"), this))
    , m_model(new ComparisonModel(this))
    , m_tree(new QTreeView(this))
    , m_flame(new DiffFlameGraphView(this))
    , m_measure(new QComboBox(this))
    , m_caption(new QLabel(this))
{
    m_header->setTextFormat(Qt::RichText);
    m_header->setObjectName(QStringLiteral("comparisonHeader"));
    const double change = m_data->comparison.duration(xsprof::Side::New) - m_data->comparison.duration(xsprof::Side::Base);
    m_header->setText(describe(*m_data, xsprof::Side::Base) + QStringLiteral(" &nbsp;→&nbsp; ") +
                      describe(*m_data, xsprof::Side::New) + QStringLiteral(" &nbsp; <b>Δ</b> ") +
                      (change > 0 ? QStringLiteral("+") : QString()) + costText(*m_data, change) + lengthNote(*m_data));
    m_header->setWordWrap(true);
    m_relative->setToolTip(tr("For runs of different length: each number as a share of its profile's duration."));
    if (const xsprof::Measure measure = m_data->next->info.measure; measure != xsprof::Measure::Time) {
        const QString what = CostFormat::quantity(measure);
        m_relative->setText(tr("Compare as % of each profile's %1 in all").arg(what));
        m_relative->setToolTip(tr("For profiles of different size: each number as a share of its profile's %1 in all.")
                                   .arg(what));
    }

    m_model->setData(m_data);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(ComparisonModel::TotalDelta, Qt::DescendingOrder); // Δ columns sort by |Δ|
    auto* delegate = new DeltaDelegate(ComparisonModel::DeltaFractionRole, m_tree);
    delegate->setColourRole(ComparisonModel::DeltaColourRole);
    for (int c : {ComparisonModel::SelfDelta, ComparisonModel::TotalDelta, ComparisonModel::InclDelta})
        m_tree->setItemDelegateForColumn(c, delegate);
    for (int c = 1; c < ComparisonModel::ColumnCount; ++c)
        m_tree->setColumnWidth(c, 92);
    if (m_data->cohorts) {
        // Cohorts: as the terminal orders them, significant first, the larger shift first. Twelve
        // columns do not fit beside a stretched name: the Function column takes the width its names
        // need (within bounds) and is resized by its header's border like the others; the view
        // scrolls sideways when they outgrow it.
        m_tree->sortByColumn(ComparisonModel::Significance, Qt::DescendingOrder);
        m_tree->header()->setSectionResizeMode(ComparisonModel::Name, QHeaderView::Interactive);
        m_tree->setColumnWidth(ComparisonModel::ShareShift, 150);
        m_tree->setColumnWidth(ComparisonModel::AggregateShift, 150);
        for (const auto& [column, least, most] : {std::tuple{int(ComparisonModel::TimeShift), 150, 320},
                                                  std::tuple{int(ComparisonModel::Significance), 150, 460}}) {
            m_tree->resizeColumnToContents(column);
            m_tree->setColumnWidth(column, std::clamp(m_tree->columnWidth(column), least, most));
        }
        m_tree->resizeColumnToContents(ComparisonModel::Name);
        m_tree->setColumnWidth(ComparisonModel::Name, std::clamp(m_tree->columnWidth(ComparisonModel::Name), 220, 480));
    }
    // Two profiles: numbers first, the name taking the rest (after the widths). Cohorts keep the
    // sized, draggable Function column above: their twelve columns outgrow any window anyway.
    if (!m_data->cohorts)
        new NameColumnLayout(m_tree, ComparisonModel::Name);
    m_flame->setData(m_data);
    connect(m_relative, &QCheckBox::toggled, m_model, &ComparisonModel::setRelative);
    connect(m_relative, &QCheckBox::toggled, m_flame, &DiffFlameGraphView::setRelative);

    // What the differential flame graph colours, said above it and chosen beside that.
    for (DiffFlameGraphView::Measure measure : DiffFlameGraphView::measures())
        m_measure->addItem(m_flame->shownMeasureName(measure), int(measure));
    m_measure->setToolTip(tr("What the flame graph's colours measure"));
    m_measure->setAccessibleName(tr("Flame graph colour measure"));
    m_caption->setWordWrap(true);
    m_caption->setText(m_flame->caption());
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
        m_flame->setMeasure(DiffFlameGraphView::Measure(m_measure->currentData().toInt()));
    });
    connect(m_flame, &DiffFlameGraphView::measureChanged, this, [this] {
        m_caption->setText(m_flame->caption());
        m_measure->setCurrentIndex(m_measure->findData(int(m_flame->measure())));
    });
    auto* flamePanel = new QWidget(this);
    auto* captionRow = new QHBoxLayout;
    captionRow->addWidget(m_caption, 1);
    captionRow->addWidget(new QLabel(tr("Colour by:"), flamePanel));
    captionRow->addWidget(m_measure);
    auto* flameLayout = new QVBoxLayout(flamePanel);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    flameLayout->addLayout(captionRow);
    flameLayout->addWidget(m_flame, 1);

    auto* top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_relative);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(flamePanel);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
}

QString ComparisonPage::title() const
{
    if (m_data->cohorts)
        return tr("%1: %2 vs %3").arg(m_data->cohorts->collection, m_data->baseName, m_data->nextName);
    return tr("%1 vs %2").arg(m_data->baseName, m_data->nextName);
}
