#include "flamegraphpanel.h"

#include "focustoolbutton.h"
#include "views/document/profiledocument.h"

#include "model/sampletimes.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

FlameGraphPanel::FlameGraphPanel(ProfileDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    m_view = new FlameGraphView;
    m_scroll = new QScrollArea;
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus); // the graph takes the keys (and scrolls to its selection)

    m_graphButton = new FocusToolButton;
    m_graphButton->setText(tr("Flame Graph"));
    m_graphButton->setToolTip(tr("Call paths aggregated, widest first"));
    m_chartButton = new FocusToolButton;
    m_chartButton->setText(tr("Flame Chart"));
    m_chartButton->setToolTip(tr("Each sample's stack along time, equal neighbours merged"));
    auto* modes = new QButtonGroup(this);
    for (QAbstractButton* button : {m_graphButton, m_chartButton}) {
        button->setCheckable(true);
        modes->addButton(button);
    }
    m_graphButton->setChecked(true);
    connect(m_chartButton, &QAbstractButton::toggled, this, [this](bool chart) {
        m_view->setMode(chart ? FlameGraphView::Mode::Chart : FlameGraphView::Mode::Graph);
    });

    m_coloring = new QComboBox;
    m_coloring->addItem(tr("Colour by category"));
    m_coloring->addItem(tr("Colour by file"));
    connect(m_coloring, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_view->setColoring(index == 1 ? FlameGraphView::Coloring::File : FlameGraphView::Coloring::Category);
    });

    m_breadcrumb = new QLabel;
    m_breadcrumb->setTextFormat(Qt::RichText);
    // The path elides to the width it gets: a long name never widens the page or the window.
    m_breadcrumb->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_breadcrumb->setMinimumWidth(0);
    m_breadcrumb->setToolTip(tr("Click a frame (or choose one with the arrows and press Enter) to zoom into it; "
                                "click here, right-click or Backspace to go back, 0 to reset"));
    m_breadcrumb->setAccessibleName(tr("Flame graph zoom path"));
    connect(m_breadcrumb, &QLabel::linkActivated, this, [this](const QString& link) { m_view->zoomOutTo(link.toInt()); });
    connect(m_view, &FlameGraphView::zoomChanged, this, &FlameGraphPanel::updateBreadcrumb);
    connect(m_view, &FlameGraphView::selectionChanged, this, [this] {
        const QRect box = m_view->selectedRect();
        if (!box.isEmpty())
            m_scroll->ensureVisible(box.center().x(), box.center().y(), 0, box.height());
    });

    m_notice = new QLabel;
    m_notice->setWordWrap(true);
    m_notice->hide();

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 4, 0, 4);
    bar->addWidget(m_graphButton);
    bar->addWidget(m_chartButton);
    bar->addWidget(m_coloring);
    bar->addSpacing(8);
    bar->addWidget(m_breadcrumb, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_notice);
    layout->addWidget(m_scroll, 1);

    showResults(FlameGraphView::Zoom::Reset);
    // A live refresh, or the same range analysed again, keeps the zoom; anything else resets it.
    connect(m_document, &ProfileDocument::resultsChanged, this, [this] {
        const ProfileDocument::Results& results = m_document->results();
        const bool keep = results.change == ProfileDocument::Change::Refresh || results.sameRange;
        showResults(keep ? FlameGraphView::Zoom::Keep : FlameGraphView::Zoom::Reset);
    });
}

// The document's selection of the profile; the flame chart spans its range, or the whole profile.
void FlameGraphPanel::showResults(FlameGraphView::Zoom zoom)
{
    const ProfileDocument::Results& results = m_document->results();
    const SampleTimes times(results.whole->profile);
    const ProfileDocument::Selection& selection = results.selection;
    const double t0 = selection.hasRange() ? selection.start : times.start();
    const double t1 = selection.hasRange() ? selection.end : times.end();
    m_view->setData(results.view, t0, t1, zoom);
    const bool chart = m_view->chartAvailable();
    m_chartButton->setEnabled(chart);
    m_notice->setVisible(m_view->data() && !chart);
    if (m_view->data() && m_view->data()->profile.hasStacks())
        m_notice->setText(tr("This profile's samples have no times (a heap or pprof profile): there is no flame "
                             "chart, only the flame graph."));
    else
        m_notice->setText(tr("This xst -p profile has no per-sample stacks: the flame graph is built from the "
                             "function graph, each callee as wide as the share of its divided total passed to "
                             "that caller. There is no flame chart."));
    if (!chart)
        m_graphButton->setChecked(true);
}

void FlameGraphPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateBreadcrumb();
}

// Names elide to what fits: each to at most a third of the label, then earlier steps fold
// into "…" (the tail is where the user is), and the last one shrinks to the rest.
void FlameGraphPanel::updateBreadcrumb()
{
    const QStringList crumbs = m_view->breadcrumb();
    m_breadcrumb->setAccessibleDescription(crumbs.join(QStringLiteral(" › ")));
    const QFontMetrics plain(m_breadcrumb->font());
    QFont boldFont = m_breadcrumb->font();
    boldFont.setBold(true);
    const QFontMetrics bold(boldFont);
    const int available = std::max(m_breadcrumb->width(), 60);
    const int separator = plain.horizontalAdvance(QStringLiteral(" › "));
    QStringList shown;
    for (int i = 0; i < crumbs.size(); ++i)
        shown << plain.elidedText(crumbs[i], Qt::ElideMiddle, std::max(available / 3, 40));
    const auto widthOf = [&](int first) { // crumbs[0], "…" when first > 1, crumbs[first..]
        int w = plain.horizontalAdvance(shown[0]);
        if (first > 1)
            w += separator + plain.horizontalAdvance(QStringLiteral("…"));
        for (int i = std::max(first, 1); i < shown.size(); ++i)
            w += separator + (i + 1 == shown.size() ? bold : plain).horizontalAdvance(shown[i]);
        return w;
    };
    int first = 1;
    while (first + 1 < shown.size() && widthOf(first) > available)
        ++first;
    if (shown.size() > 1 && widthOf(first) > available) {
        const int rest = available - (widthOf(first) - bold.horizontalAdvance(shown.last()));
        shown.last() = bold.elidedText(crumbs.last(), Qt::ElideRight, std::max(rest, 20));
    }
    QStringList parts;
    for (int i = 0; i < shown.size(); ++i) {
        if (i > 0 && i < first) {
            if (i == 1)
                parts << QStringLiteral("…");
            continue;
        }
        const QString name = shown[i].toHtmlEscaped();
        parts << (i + 1 < shown.size() ? QStringLiteral("<a href=\"%1\">%2</a>").arg(i).arg(name)
                                       : QStringLiteral("<b>%1</b>").arg(name));
    }
    m_breadcrumb->setText(parts.join(QStringLiteral(" › ")));
}
