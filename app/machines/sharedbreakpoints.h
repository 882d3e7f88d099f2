#pragma once
// The breakpoints and break-on flags of every machine: kept in the settings, sent in each
// machine's handshake (the debug server's session settings), and following every edit.
#include <QObject>

class BreakpointsModel;
class DebugServer;
class QSettings;

class SharedBreakpoints : public QObject
{
    Q_OBJECT
public:
    // `settings` and `server` must outlive this object.
    SharedBreakpoints(QSettings* settings, DebugServer* server, QObject* parent = nullptr);

    BreakpointsModel* model() const { return m_model; }

private:
    void sendToServer();

    QSettings* m_settings;
    DebugServer* m_server;
    BreakpointsModel* m_model;
};
