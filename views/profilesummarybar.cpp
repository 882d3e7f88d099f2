#include "views/profilesummarybar.h"

#include "views/costformat.h"
#include "views/elidedlabel.h"
#include "views/document/modeltext.h"
#include "views/document/profiledocument.h"
#include "views/focustoolbutton.h"
#include "views/instrumenttracks.h"

#include "model/readers/formatreaders.h"
#include "model/sampletimes.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

ProfileSummaryBar::ProfileSummaryBar(ProfileDocument* document, const QString& title, QWidget* parent)
    : QWidget(parent), m_document(document), m_title(title), m_name(new ElidedLabel), m_facts(new ElidedLabel),
      m_selection(new QLabel), m_clear(new FocusToolButton)
{
    QFont bold = m_name->font();
    bold.setBold(true);
    m_name->setFont(bold);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long facts are cut, not allowed to widen a small window.
    m_selection->setMinimumWidth(40);
    m_clear->setText(tr("Clear selection"));
    m_clear->setToolTip(tr("Show the whole profile again (Esc)"));
    m_clear->setVisible(false);
    // The bar is as tall without the button as with it: the views below do not jump when a
    // range is selected or cleared.
    setMinimumHeight(m_clear->sizeHint().height());
    connect(m_clear, &QToolButton::clicked, m_document, &ProfileDocument::clearTimeRange);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(12);
    layout->addWidget(m_name);
    layout->addWidget(m_facts, 1);
    layout->addWidget(m_selection);
    layout->addWidget(m_clear);
    connect(m_document, &ProfileDocument::resultsChanged, this, &ProfileSummaryBar::refresh);
    connect(m_document, &ProfileDocument::busyChanged, this, &ProfileSummaryBar::updateSelection);
    // A range asked for, or given back by a failed analysis.
    connect(m_document, &ProfileDocument::requestedSelectionChanged, this, &ProfileSummaryBar::updateSelection);
    refresh();
}

void ProfileSummaryBar::refresh()
{
    updateFacts();
    updateSelection();
}

// The facts, most telling first, so that eliding takes the format and the reader's description
// before the numbers: "43.4 MB · 35 functions · no timeline · V8 sampling heap profile (1200
// allocation samples)", "1.61 s · 1445 samples · 54 functions · cpuprofile". The tooltip
// spells each one out.
void ProfileSummaryBar::updateFacts()
{
    const ProfileData& whole = *m_document->whole();
    const auto& info = whole.profile.info;
    QString name = fromStd(info.name);
    if (name.isEmpty())
        name = m_title;
    const QString format = fromStd(xsprof::toString(info.format));
    const QString description = fromStd(info.description);
    const QString measureName = fromStd(info.measureName);
    // "12.4 s", "69.8 MB", "count 1,234" (a bare number says nothing).
    const QString wholeCost = CostFormat::value(whole.duration(), info.measure);
    const size_t samples = whole.analysis.functions.sampleCount();
    const size_t functions = whole.analysis.functions.functions().size();
    // Without times, a sample is a call path's value (pprof's Sample, a heap tree's node).
    const QString sampleFact = info.hasTimeline ? tr("%1 samples").arg(samples) : tr("%1 call paths").arg(samples);
    const QString costFact = info.measure == xsprof::Measure::Count ? tr("count %1").arg(wholeCost) : wholeCost;
    QStringList facts{costFact};
    // The call paths of a profile without times are a reader's detail (the heap profile's own
    // samples are in its description): the tooltip tells them, the bar has room for the rest.
    if (info.hasTimeline)
        facts << sampleFact;
    facts << tr("%1 functions").arg(functions);
    if (!info.hasTimeline)
        facts << tr("no timeline");
    if (!whole.profile.hasStacks())
        facts << tr("call graph only (xst -p)");
    // A reader's description names its format ("V8 sampling heap profile", "pprof cpu").
    facts << (description.isEmpty() ? format : description);
    m_name->setText(name);
    m_facts->setText(facts.join(QStringLiteral(" · ")));

    QStringList notes;
    notes << (description.isEmpty() ? tr("Format: %1").arg(format) : tr("Format: %1, %2").arg(format, description));
    notes << tr("In all: %1, over %2 and %3.").arg(costFact, sampleFact, tr("%1 functions").arg(functions));
    if (const QString unit = CostFormat::unitNote(info.measure, measureName); !unit.isEmpty())
        notes << unit;
    if (!info.hasTimeline)
        notes << tr("No timeline: the samples have no times of their own (a heap or pprof profile), so there is no "
                    "timeline, flame chart or time range; every view adds up the samples' %1.")
                     .arg(CostFormat::quantity(info.measure));
    if (!whole.profile.hasStacks())
        notes << tr("Call graph only: an xst -p profile has no per-sample stacks.");
    m_name->setNote(whole.path);
    m_facts->setNote(notes.join(QLatin1Char('\n')));
}

void ProfileSummaryBar::updateSelection()
{
    const ProfileDocument::Selection& selection = m_document->requestedSelection();
    m_clear->setVisible(selection.hasRange());
    if (!selection.hasRange()) {
        m_selection->clear();
        m_selection->setToolTip({});
        return;
    }
    // Each instrument over the range (the tracks under the timeline show those they draw).
    const xsprof::InstrumentSeries& instruments = m_document->loaded()->profile.instruments;
    QStringList lines;
    for (size_t i = 0; i < instruments.instrumentCount(); ++i)
        lines << QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                     .arg(fromStd(instruments.names[i]).toHtmlEscaped(),
                          InstrumentTracks::statsText(instruments, i, selection.start, selection.end).toHtmlEscaped());
    const QString instrumentsTable =
        lines.isEmpty() ? QString()
                        : tr("<b>Instruments over the selection</b><table>%1</table>").arg(lines.join(QString()));
    const double origin = SampleTimes(m_document->whole()->profile).start();
    const QString from = CostFormat::time(selection.start - origin);
    const QString to = CostFormat::time(selection.end - origin);
    const QString length = CostFormat::time(selection.end - selection.start);
    if (m_document->isBusy() || !(selection == m_document->results().selection)) {
        m_selection->setText(tr("Selection %1 – %2 (%3), computing…").arg(from, to, length));
        m_selection->setToolTip(instrumentsTable);
        return;
    }
    // The range's length and its samples' time differ by the parts of the samples at its ends:
    // both are shown, each named, the second as the trees' root row reads it.
    const xsprof::FunctionAnalysis& functions = m_document->view()->analysis.functions;
    const QString samplesTime = CostFormat::value(functions.duration(), m_document->whole()->profile.info.measure);
    m_selection->setText(tr("Selection %1 – %2 (%3 long; %4 samples: %5)")
                             .arg(from, to, length)
                             .arg(functions.sampleCount())
                             .arg(samplesTime));
    m_selection->setToolTip(tr("<p>The range is %1 long. The views hold the %2 samples whose middle falls in it, "
                               "each with its whole duration: %3, what the trees' root row reads. The two differ by "
                               "the parts of the samples at the range's ends.</p>")
                                .arg(length)
                                .arg(functions.sampleCount())
                                .arg(samplesTime)
                            + instrumentsTable);
}
