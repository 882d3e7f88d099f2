#include "app/debugger/debuggeepage.h"

#include "app/debugger/debuggersourcepane.h"

#include "views/plaintext.h"

#include "app/debugger/debuggerpanes.h"
#include "app/debugger/pendingcommand.h"
#include "app/debugger/samplewatch.h"

#include "views/costformat.h"
#include "views/profilepage.h"
#include "views/document/profilerefresher.h"
#include "app/debugger/stopwatchbutton.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QPainter>
#include <QStackedWidget>
#include <QToolButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <utility>

namespace {
QColor stateColor(MachineSession::State state)
{
    switch (state) {
    case MachineSession::State::Running: return QColor(0x2e, 0xa0, 0x43);
    case MachineSession::State::Broken: return QColor(0xe6, 0x8a, 0x00);
    case MachineSession::State::AwaitingLogin:
    case MachineSession::State::Disconnected: break;
    }
    return QColor(0x8a, 0x8f, 0x98);
}
} // namespace

DebuggeePage::DebuggeePage(MachineSession* session, BreakpointsModel* breakpoints, QWidget* parent)
    : QWidget(parent), m_session(session),
      m_refresher(new ProfileRefresher(session->profileSource(), this))
{
    session->setParent(this);

    m_placeholder = new QLabel;
    m_placeholder->setTextFormat(Qt::PlainText); // holds the machine's name
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_placeholder);
    m_stack->installEventFilter(this); // hidden profiles are brought up to date when shown
    m_refresher->setInBackground(true);  // until the profile is on screen

    // The machine's two faces, as in xsbug: its debugger and its profile.
    m_debugger = new DebuggerPanes(session, breakpoints);
    m_sections = new QTabWidget;
    m_sections->setDocumentMode(true);
    m_sections->addTab(m_debugger, tr("Debugger"));
    m_sections->addTab(m_stack, tr("Profile"));
    // A machine stopped already (at its first line) shows where; a profiling one its profile.
    const bool showProfile = session->isProfiling() && session->state() != MachineSession::State::Broken;
    m_sections->setCurrentWidget(showProfile ? static_cast<QWidget*>(m_stack) : m_debugger);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(createHeader());
    layout->addWidget(m_sections, 1);
    connect(session, &MachineSession::broke, this, [this] { m_sections->setCurrentWidget(m_debugger); });

    connect(m_refresher, &ProfileRefresher::refreshed, this, &DebuggeePage::showData);
    connect(session, &MachineSession::profileUpdated, m_refresher, &ProfileRefresher::requestRefresh);
    connect(session, &MachineSession::profilingChanged, this, [this](bool profiling) {
        PendingCommand::of(m_session)->clear(); // the answer to Start or Stop Profiling
        m_stopwatch->setProfiling(profiling);
        if (profiling)
            m_sections->setCurrentWidget(m_stack);
        updateHeader();
        emit profilingChanged(profiling);
    });
    connect(session, &MachineSession::stateChanged, this, [this] {
        updateHeader();
        emit titleChanged();
    });
    connect(PendingCommand::of(session), &PendingCommand::changed, this, &DebuggeePage::updateHeader);
    connect(session, &MachineSession::errorOccurred, this, [this](const QString& message) {
        m_error->setText(message);
        m_error->setToolTip(PlainText::toolTip(message));
        m_error->show();
        emit statusMessage(message);
    });
    connect(session, &MachineSession::disconnected, this, [this] {
        m_refresher->refreshNow(); // the final numbers, without waiting for the interval
        updateHeader();
        emit titleChanged();
        size_t samples = 0;
        for (const SessionParser::SessionSummary& s : m_session->profileSummaries())
            samples += s.samples;
        if (samples > 0)
            emit statusMessage(tr("%1 disconnected; its profile stays in the tab (File › Save Profile As…).")
                                   .arg(m_session->displayName()));
        else if (m_session->hasProfile()) // XS sends samples in batches of 8: a shorter run has none
            emit statusMessage(tr("%1 disconnected; its profile has no samples (XS sends them in batches of 8).")
                                   .arg(m_session->displayName()));
        else
            emit statusMessage(tr("%1 disconnected.").arg(m_session->displayName()));
    });

    m_stopwatch->setProfiling(session->isProfiling());
    updateHeader();
    if (session->hasProfile())
        m_refresher->refreshNow();
}

QWidget* DebuggeePage::createHeader()
{
    auto* header = new QWidget;
    header->setObjectName(QStringLiteral("debuggeeHeader"));
    auto* layout = new QHBoxLayout(header);
    layout->setContentsMargins(8, 4, 6, 0);
    m_name = new QLabel;
    m_name->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state = new QLabel;
    m_error = new QLabel;
    m_error->setTextFormat(Qt::PlainText); // may quote the machine: never markup
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; }"));
    m_error->hide();

    m_run = new QToolButton;
    m_run->setIcon(QIcon(QStringLiteral(":/icons/run.svg")));
    m_run->setText(tr("Run"));
    m_run->setToolTip(tr("Resume the machine (it is stopped at a break)"));
    m_run->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_run->setAutoRaise(true);
    connect(m_run, &QToolButton::clicked, m_session, &MachineSession::go);

    m_stopwatch = new StopwatchButton;
    m_sampleWatch = new SampleWatch(m_session, SampleWatch::defaultWaitMs, this);
    connect(m_sampleWatch, &SampleWatch::noteChanged, this, [this](const QString& note) {
        updateHeader();
        if (!note.isEmpty())
            emit statusMessage(note.section(QLatin1Char('\n'), 0, 0));
    });
    connect(m_stopwatch, &StopwatchButton::clicked, this, &DebuggeePage::toggleProfiling);

    m_sessions = new QToolButton;
    m_sessions->setText(tr("Sessions"));
    m_sessions->setToolTip(tr("Open an earlier profiling session of this machine in a tab of its own"));
    m_sessions->setPopupMode(QToolButton::InstantPopup);
    m_sessions->setAutoRaise(true);
    m_sessions->setMenu(new QMenu(m_sessions));
    connect(m_sessions->menu(), &QMenu::aboutToShow, this, &DebuggeePage::fillSessionsMenu);

    layout->addWidget(m_name);
    layout->addSpacing(8);
    layout->addWidget(m_state);
    layout->addSpacing(8);
    layout->addWidget(m_error, 1);
    layout->addStretch();
    layout->addWidget(m_run);
    layout->addWidget(m_sessions);
    layout->addWidget(m_stopwatch);
    return header;
}

void DebuggeePage::fillSessionsMenu()
{
    QMenu* menu = m_sessions->menu();
    menu->clear();
    const auto sessions = m_session->finishedProfiles();
    for (int i = 0; i < int(sessions.size()); ++i) {
        const QString text = tr("Session %1 · %2 · %3 samples")
                                 .arg(i + 1)
                                 .arg(CostFormat::time(sessions[size_t(i)].duration))
                                 .arg(QLocale().toString(qulonglong(sessions[size_t(i)].samples)));
        menu->addAction(text, this, [this, i] { emit sessionOpenRequested(i); });
    }
    if (sessions.size() >= 2) {
        menu->addSeparator();
        menu->addAction(tr("Compare Sessions…"), this, &DebuggeePage::sessionsCompareRequested);
    }
}

QString DebuggeePage::title() const
{
    if (!m_label.isEmpty())
        return m_label;
    return m_session->name().isEmpty() ? m_session->peer() : m_session->name();
}

void DebuggeePage::setLabel(const QString& label)
{
    m_label = label;
    updateHeader();
    emit titleChanged();
}

QString DebuggeePage::stateText() const
{
    switch (m_session->state()) {
    case MachineSession::State::AwaitingLogin: return tr("connecting");
    case MachineSession::State::Running: return tr("running");
    case MachineSession::State::Broken: return tr("broken");
    case MachineSession::State::Disconnected: return tr("disconnected");
    }
    return {};
}

QIcon DebuggeePage::stateIcon() const
{
    QPixmap dot(12, 12);
    dot.fill(Qt::transparent);
    QPainter painter(&dot);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(stateColor(m_session->state()));
    painter.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    return QIcon(dot);
}

QString DebuggeePage::tabText() const
{
    if (m_session->state() == MachineSession::State::Running)
        return title();
    return tr("%1 (%2)").arg(title(), stateText());
}

QString DebuggeePage::tabToolTip() const
{
    return tr("%1 — %2 — connected at %3")
        .arg(title() == m_session->name() ? m_session->displayName() : title() + QStringLiteral(" · ") + m_session->displayName(),
             stateText(), QLocale().toString(m_connectedAt.time(), QLocale::LongFormat));
}

void DebuggeePage::requestClose()
{
    if (!m_session->isConnected()) {
        emit closeConfirmed();
        return;
    }
    // open(), not exec(): the machine keeps streaming while the question is up.
    auto* box = new QMessageBox(QMessageBox::Question, tr("Close %1").arg(title()),
                                tr("%1 is still connected. Abort it?").arg(m_session->displayName()),
                                QMessageBox::Cancel, this);
    box->setInformativeText(tr("Abort terminates the machine. Cancel keeps the tab and the connection."));
    QPushButton* abort = box->addButton(tr("Abort"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, abort] {
        if (box->clickedButton() != abort)
            return;
        m_session->abort();
        emit closeConfirmed();
    });
    box->open();
}

void DebuggeePage::toggleProfiling()
{
    if (!m_session->isConnected())
        return;
    // By the engine's state, not the button's: a lost answer must not invert the meaning.
    if (m_session->isProfiling()) {
        PendingCommand::of(m_session)->note(tr("Stop Profiling requested"));
        m_session->stopProfiling();
    } else {
        // A running machine reads it at once, or (xst) only at its next pause: say so.
        PendingCommand::of(m_session)->note(tr("Start Profiling requested"));
        m_sampleWatch->started(m_session->state() == MachineSession::State::Broken);
        m_session->startProfiling();
    }
}

void DebuggeePage::updateHeader()
{
    const QString name = title() == m_session->name() ? m_session->displayName()
                                                      : title() + QStringLiteral(" · ") + m_session->displayName();
    m_name->setText(QStringLiteral("<b>%1</b> <span style=\"color:gray\">%2</span>")
                        .arg(name.toHtmlEscaped(),
                             tr("connected %1").arg(QLocale().toString(m_connectedAt.time(), QLocale::LongFormat))));
    m_name->setToolTip(PlainText::toolTip(m_session->version()));
    const QColor color = stateColor(m_session->state());
    QString state = QStringLiteral("<span style=\"color:%1\">●</span> %2").arg(color.name(), stateText());
    if (m_session->isProfiling())
        state += tr(" · profiling");
    const QString pending = PendingCommand::of(m_session)->text();
    if (!pending.isEmpty())
        state += QStringLiteral(" · ") + pending.toHtmlEscaped();
    const QString noSamples = m_sampleWatch->note();
    if (!noSamples.isEmpty())
        state += tr(" · no samples yet");
    m_state->setText(state);
    m_state->setToolTip(noSamples);
    m_stopwatch->setPending(pending);
    m_sessions->setEnabled(!m_session->finishedProfiles().empty());
    m_run->setVisible(m_session->state() == MachineSession::State::Broken);
    m_stopwatch->setEnabled(m_session->isConnected());

    if (!m_page) {
        if (!m_session->isConnected())
            m_placeholder->setText(tr("%1 disconnected without sending a profile.").arg(title()));
        else if (!noSamples.isEmpty())
            m_placeholder->setText(noSamples);
        else if (m_session->isProfiling())
            m_placeholder->setText(tr("Profiling %1… waiting for the first samples.").arg(title()));
        else if (!pending.isEmpty())
            m_placeholder->setText(pending + QStringLiteral(".\n") + StopwatchButton::pauseReadersNote());
        else
            m_placeholder->setText(tr("%1 is connected. Press the stopwatch (top right) or Debug › Start "
                                      "Profiling to profile it.")
                                       .arg(title()));
    }
}

ProfilePage* DebuggeePage::profilePage()
{
    if (m_pendingData)
        applyData(std::exchange(m_pendingData, nullptr));
    return m_page;
}

bool DebuggeePage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_stack && (event->type() == QEvent::Show || event->type() == QEvent::Hide)) {
        const bool shown = event->type() == QEvent::Show;
        m_refresher->setInBackground(!shown);
        if (shown && m_pendingData)
            applyData(std::exchange(m_pendingData, nullptr));
    }
    return QWidget::eventFilter(watched, event);
}

void DebuggeePage::showData(const ProfileDataPtr& data)
{
    if (!m_stack->isVisible()) {
        m_pendingData = data; // shown with the profile, or when asked for
        return;
    }
    m_pendingData = nullptr;
    applyData(data);
}

void DebuggeePage::applyData(const ProfileDataPtr& data)
{
    if (!m_page && data->analysis.functions.sampleCount() == 0)
        return; // keep the explanation until there is something to show
    if (m_page && m_page->data()->profile.hasStacks() == data->profile.hasStacks()) {
        m_page->setProfileData(data);
        return;
    }
    auto* page = new ProfilePage(data);
    connect(page, &ProfilePage::statusMessage, this, &DebuggeePage::statusMessage);
    m_stack->addWidget(page);
    m_stack->setCurrentWidget(page);
    if (m_page)
        m_page->deleteLater();
    m_page = page;
    setFocusProxy(page);
    emit profilePageCreated(page);
}

void DebuggeePage::setConnectedAt(const QDateTime& at)
{
    m_connectedAt = at;
    m_debugger->source()->setMachineStart(at); // files changed after it may not be what it runs
}
