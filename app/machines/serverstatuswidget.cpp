#include "serverstatuswidget.h"

#include "refusedconnections.h"
#include "servercontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

ServerStatusWidget::ServerStatusWidget(ServerController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_label(new QLabel), m_change(new QToolButton)
{
    m_label->setTextFormat(Qt::PlainText);
    m_change->setText(tr("Change Port…"));
    m_change->setToolTip(tr("Open the Preferences to choose another port"));
    m_change->setAutoRaise(true);
    connect(m_change, &QToolButton::clicked, this, &ServerStatusWidget::preferencesRequested);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_change);
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
