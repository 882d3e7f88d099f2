#include "serverstatuswidget.h"

#include "connectedmachines.h"
#include "leftmachines.h"
#include "refusedconnections.h"
#include "servercontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>

ServerStatusWidget::ServerStatusWidget(ServerController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_label(new QLabel), m_change(new QToolButton),
      m_left(new QToolButton), m_connected(new QLabel)
{
    m_left->setAutoRaise(true);
    m_left->setPopupMode(QToolButton::InstantPopup);
    m_left->setMenu(new QMenu(m_left));
    m_left->hide();
    connect(m_left->menu(), &QMenu::aboutToShow, this, &ServerStatusWidget::fillLeftMenu);
    m_label->setTextFormat(Qt::PlainText);
    m_change->setText(tr("Change Port…"));
    m_change->setToolTip(tr("Open the Preferences to choose another port"));
    m_change->setAutoRaise(true);
    connect(m_change, &QToolButton::clicked, this, &ServerStatusWidget::preferencesRequested);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    m_connected->setTextFormat(Qt::PlainText);
    m_connected->hide();
    layout->addWidget(m_connected);
    layout->addWidget(m_change);
    layout->addWidget(m_left);
    connect(controller, &ServerController::statusChanged, this, &ServerStatusWidget::update);
    update();
}

QString ServerStatusWidget::text() const
{
    return m_label->text();
}

void ServerStatusWidget::update()
{
    const bool failed = !m_controller->isListening() && !m_controller->errorString().isEmpty();
    m_label->setText(m_controller->statusText());
    const RefusedConnections& refused = m_controller->refused();
    QString tip;
    if (failed)
        tip = m_controller->errorString();
    else if (refused.count() > 0)
        tip = tr("Connections closed before they logged in as an XS machine (latest first):\n") +
              refused.recent().join(QLatin1Char('\n'));
    m_label->setToolTip(tip);
    // Dark red, readable on light and dark status bars alike.
    m_label->setStyleSheet(failed ? QStringLiteral("QLabel { color: #c0392b; font-weight: bold; }") : QString());
    m_change->setVisible(failed);
}

void ServerStatusWidget::setLeftMachines(LeftMachines* left)
{
    m_leftMachines = left;
    m_leftUpdate.setSingleShot(true);
    m_leftUpdate.setInterval(250);
    connect(&m_leftUpdate, &QTimer::timeout, this, &ServerStatusWidget::updateLeft);
    connect(left, &LeftMachines::changed, this, [this] {
        if (!m_leftUpdate.isActive())
            m_leftUpdate.start();
    });
    updateLeft();
}

void ServerStatusWidget::setConnectedMachines(ConnectedMachines* connected)
{
    m_connectedMachines = connected;
    m_connectedUpdate.setSingleShot(true);
    m_connectedUpdate.setInterval(100);
    connect(&m_connectedUpdate, &QTimer::timeout, this, &ServerStatusWidget::updateConnected);
    connect(connected, &ConnectedMachines::countChanged, this, [this] {
        if (!m_connectedUpdate.isActive())
            m_connectedUpdate.start();
    });
    updateConnected();
}

QString ServerStatusWidget::connectedText() const
{
    return m_connected->isVisibleTo(this) ? m_connected->text() : QString();
}

void ServerStatusWidget::updateConnected()
{
    const int count = m_connectedMachines->count();
    m_connected->setVisible(count > 0);
    m_connected->setText(count == 1 ? tr("· 1 machine connected") : tr("· %1 machines connected").arg(count));
}

void ServerStatusWidget::updateLeft()
{
    const int count = m_leftMachines->count();
    m_left->setVisible(count > 0);
    m_left->setText(tr("%1 left").arg(count));
    m_left->setToolTip(tr("Machines that came and went without a tab (no profile samples, no break, no unread console "
                          "output, or printing once a few Workers of their name had tabs): %1 so far. Their console "
                          "lines are in View › Console (all machines).")
                           .arg(count));
}

// One submenu per name, its newest machines with their number, connection time and stay.
void ServerStatusWidget::fillLeftMenu()
{
    QMenu* menu = m_left->menu();
    menu->clear();
    for (const LeftMachines::Group& group : m_leftMachines->groups()) {
        QMenu* sub = menu->addMenu(group.describe());
        if (size_t(group.count) > group.recent.size())
            sub->addAction(tr("(the last %1 of them)").arg(group.recent.size()))->setEnabled(false);
        for (auto it = group.recent.rbegin(); it != group.recent.rend(); ++it)
            sub->addAction(it->describe())->setEnabled(false);
    }
    menu->addSeparator();
    menu->addAction(tr("Clear This List"), m_leftMachines, &LeftMachines::clear);
}
