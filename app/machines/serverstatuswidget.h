#pragma once
// Status-bar part of the debug server: where it listens, or, in warning colours, why it
// does not, with a button to the Preferences dialog to pick another port.
#include <QWidget>

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

signals:
    void preferencesRequested();

private:
    void update();

    ServerController* m_controller;
    QLabel* m_label;
    QToolButton* m_change;
};
