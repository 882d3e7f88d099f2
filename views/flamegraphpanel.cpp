#include "flamegraphpanel.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

FlameGraphPanel::FlameGraphPanel(QWidget* parent) : QWidget(parent)
{
    m_view = new FlameGraphView;
    m_scroll = new QScrollArea;
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);

    m_graphButton = new QToolButton;
    m_graphButton->setText(tr("Flame Graph"));
    m_graphButton->setToolTip(tr("Call paths aggregated, widest first"));
    m_chartButton = new QToolButton;
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
    m_breadcrumb->setToolTip(tr("Click a frame to zoom into it; click here, right-click or Backspace to go back"));
    connect(m_breadcrumb, &QLabel::linkActivated, this, [this](const QString& link) { m_view->zoomOutTo(link.toInt()); });
    connect(m_view, &FlameGraphView::zoomChanged, this, &FlameGraphPanel::updateBreadcrumb);

    m_notice = new QLabel(tr("This xst -p profile has no per-sample stacks: the flame graph is built from the "
                             "function graph, each callee as wide as the share of its divided total passed to "
                             "that caller. There is no flame chart."));
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
}

void FlameGraphPanel::setData(ProfileDataPtr data, double t0, double t1, FlameGraphView::Zoom zoom)
{
    m_view->setData(std::move(data), t0, t1, zoom);
    const bool chart = m_view->chartAvailable();
    m_chartButton->setEnabled(chart);
    m_notice->setVisible(m_view->data() && !chart);
    if (!chart)
        m_graphButton->setChecked(true);
}

void FlameGraphPanel::updateBreadcrumb()
{
    const QStringList crumbs = m_view->breadcrumb();
    QStringList parts;
    for (int i = 0; i < crumbs.size(); ++i) {
        const QString name = crumbs[i].toHtmlEscaped();
        parts << (i + 1 < crumbs.size() ? QStringLiteral("<a href=\"%1\">%2</a>").arg(i).arg(name)
                                        : QStringLiteral("<b>%1</b>").arg(name));
    }
    // Long paths keep their tail, which is where the user is.
    constexpr int shown = 8;
    if (parts.size() > shown)
        parts = parts.mid(0, 1) + QStringList{QStringLiteral("…")} + parts.mid(parts.size() - shown + 1);
    m_breadcrumb->setText(parts.join(QStringLiteral(" › ")));
}
