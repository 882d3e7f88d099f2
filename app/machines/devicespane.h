#pragma once
// The Devices pane: the serial ports present (name, USB vendor:product, description), connect
// to one at a chosen speed, the device's own log, its description (MCU, MAC, XS version, app,
// pixel format, install space), Restart, Install Mod… and Uninstall Mod. A view of the machine
// intake's serial connection: the intake makes it and hands its machines on, to become tabs as
// TCP machines do.
#include <QPointer>
#include <QWidget>

class DeviceInfoQuery;
class MachineIntake;
class ModInstaller;
class QAction;
class QComboBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class SerialConnection;
struct SerialDeviceInfo;

class DevicesPane : public QWidget {
    Q_OBJECT

public:
    explicit DevicesPane(MachineIntake* intake, QWidget* parent = nullptr);

    // For the Devices menu; enabled as the connection allows.
    QAction* restartAction() const { return m_restartAction; }
    QAction* installModAction() const { return m_installAction; }
    QAction* uninstallModAction() const { return m_uninstallAction; }

    // The port field's text (a listed port, or any path such as a pseudo-terminal's).
    void setPort(const QString& port);
    // Connects to the port in the field at the chosen speed; false when it cannot be opened.
    bool connectPort();
    void disconnectPort();
    SerialConnection* connection() const;
    QString logText() const;

public slots:
    void refreshPorts();
    void installMod(); // asks for the .xsa file
    void installModFile(const QString& path);

signals:
    void statusMessage(const QString& text, int timeout);

private:
    void appendLog(const QString& text, bool note);
    void askDeviceInfo();
    void showDeviceInfo(const SerialDeviceInfo& info);
    void updateState();

    MachineIntake* m_intake;
    QComboBox* m_ports;
    QComboBox* m_speed;
    QPushButton* m_connect;
    QLabel* m_status;
    QFormLayout* m_info;
    QLabel* m_infoLabels[6];
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QPlainTextEdit* m_log;
    QAction* m_restartAction;
    QAction* m_infoAction;
    QAction* m_installAction;
    QAction* m_uninstallAction;
    QPointer<SerialConnection> m_connection;
    DeviceInfoQuery* m_query = nullptr;
    ModInstaller* m_installer = nullptr;
};
