#pragma once
// Status-bar part of the debug server: where it listens, or, in warning colours, why it
// does not, with a button to the Preferences dialog to pick another port; and the machines that
// left with nothing to keep (Workers), as a button with their list by name; and how many
// machines are connected now.
#include <QTimer>
#include <QWidget>

class ConnectedMachines;
class LeftMachines;
class QLabel;
class QToolButton;
class ServerController;

class ServerStatusWidget : public QWidget
{
    Q_OBJECT
public:
    explicit ServerStatusWidget(ServerController* controller, QWidget* parent = nullptr);

    QString text() const;
    QToolButton* changeButton() const { return m_change; }
    void setLeftMachines(LeftMachines* left);
    QToolButton* leftButton() const { return m_left; }
    void setConnectedMachines(ConnectedMachines* connected);
    QString connectedText() const;

signals:
    void preferencesRequested();

private:
    void update();
    void updateLeft();
    void fillLeftMenu();
    void updateConnected();

    ServerController* m_controller;
    QLabel* m_label;
    QToolButton* m_change;
    QToolButton* m_left;
    LeftMachines* m_leftMachines = nullptr;
    QLabel* m_connected;
    ConnectedMachines* m_connectedMachines = nullptr;
    QTimer m_leftUpdate; // a storm of Workers relays the status bar out a few times a second, not per machine
    QTimer m_connectedUpdate; // likewise
};
