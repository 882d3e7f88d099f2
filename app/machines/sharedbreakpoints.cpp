#include "sharedbreakpoints.h"

#include "app/debugger/breakpointsettings.h"
#include "app/debugger/breakpointsmodel.h"
#include "protocol/debugserver.h"

SharedBreakpoints::SharedBreakpoints(QSettings* settings, DebugServer* server, QObject* parent)
    : QObject(parent), m_settings(settings), m_server(server), m_model(new BreakpointsModel(this))
{
    BreakpointSettings::load(*m_settings, *m_model);
    sendToServer();
    connect(m_model, &BreakpointsModel::changed, this, [this] {
        BreakpointSettings::save(*m_settings, *m_model);
        sendToServer();
    });
}

void SharedBreakpoints::sendToServer()
{
    m_server->setSessionSettings(m_model->sessionSettings(m_server->sessionSettings()));
}
