#include "devicespane.h"

#include "app/machines/machineintake.h"
#include "protocol/machinesession.h"
#include "protocol/serial/serialconnection.h"
#include "protocol/serial/serialdevicetasks.h"
#include "protocol/serial/serialportspec.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSerialPortInfo>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// "ttyUSB0 · 10c4:ea60 · CP2102 USB to UART Bridge Controller"
QString portLabel(const QSerialPortInfo& info)
{
    QStringList parts{info.portName()};
    if (info.hasVendorIdentifier() && info.hasProductIdentifier())
        parts << QStringLiteral("%1:%2")
                     .arg(info.vendorIdentifier(), 4, 16, QLatin1Char('0'))
                     .arg(info.productIdentifier(), 4, 16, QLatin1Char('0'));
    if (!info.description().isEmpty())
        parts << info.description();
    return parts.join(QStringLiteral(" · "));
}

} // namespace

DevicesPane::DevicesPane(MachineIntake* intake, QWidget* parent)
    : QWidget(parent), m_intake(intake), m_ports(new QComboBox), m_speed(new QComboBox),
      m_connect(new QPushButton(tr("Connect"))), m_status(new QLabel), m_info(new QFormLayout),
      m_progress(new QProgressBar), m_cancel(new QPushButton(tr("Cancel"))), m_log(new QPlainTextEdit)
{
    m_ports->setEditable(true); // any path: a pseudo-terminal, a port not listed yet
    m_ports->setInsertPolicy(QComboBox::NoInsert);
    m_ports->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_ports->setMinimumContentsLength(14);
    m_ports->lineEdit()->setPlaceholderText(tr("Port, e.g. /dev/ttyUSB0"));
    m_ports->setToolTip(tr("The serial port of the board: a port found here, or its path"));
    m_ports->setAccessibleName(tr("Serial port"));
    m_ports->lineEdit()->setAccessibleName(tr("Serial port"));
    for (qint32 baud : SerialPortSpec::commonBauds())
        m_speed->addItem(tr("%1 baud").arg(baud), baud);
    m_speed->setToolTip(tr("The speed the app was built for (mcconfig's debug speed; 921600 for most ESP32 boards)"));
    m_speed->setAccessibleName(tr("Speed"));
    auto* refresh = new QToolButton;
    refresh->setText(tr("Refresh"));
    refresh->setToolTip(tr("List the serial ports present now"));
    connect(refresh, &QToolButton::clicked, this, &DevicesPane::refreshPorts);
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (m_connection && m_connection->state() != SerialConnection::State::Closed)
            disconnectPort();
        else
            connectPort();
    });

    m_restartAction = new QAction(tr("&Restart Device"), this);
    m_infoAction = new QAction(tr("Device &Info"), this);
    m_installAction = new QAction(tr("&Install Mod…"), this);
    m_uninstallAction = new QAction(tr("&Uninstall Mod"), this);
    connect(m_restartAction, &QAction::triggered, this, [this] {
        if (m_connection)
            m_connection->restart();
    });
    connect(m_infoAction, &QAction::triggered, this, &DevicesPane::askDeviceInfo);
    connect(m_installAction, &QAction::triggered, this, &DevicesPane::installMod);
    connect(m_uninstallAction, &QAction::triggered, this, [this] {
        if (m_installer)
            m_installer->uninstall();
    });
    auto* buttons = new QGridLayout; // two by two: the dock stays narrow
    int cell = 0;
    for (QAction* action : {m_restartAction, m_infoAction, m_installAction, m_uninstallAction}) {
        auto* button = new QToolButton;
        button->setDefaultAction(action);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        buttons->addWidget(button, cell / 2, cell % 2);
        ++cell;
    }

    const QString names[] = {tr("MCU"), tr("MAC address"), tr("XS version"), tr("App"), tr("Pixel format"), tr("Mod space")};
    for (int i = 0; i < 6; ++i) {
        m_infoLabels[i] = new QLabel(tr("—"));
        m_infoLabels[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_info->addRow(names[i], m_infoLabels[i]);
    }
    m_progress->hide();
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_installer)
            m_installer->cancel();
    });
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_log->setAccessibleName(tr("Device log"));
    m_log->setPlaceholderText(tr("What the board prints outside its machines (boot messages, ESP-IDF logs) shows here."));
    m_status->setWordWrap(true);
    m_status->setMinimumWidth(120);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* portRow = new QHBoxLayout;
    portRow->addWidget(m_ports, 1);
    portRow->addWidget(refresh);
    auto* speedRow = new QHBoxLayout;
    speedRow->addWidget(m_speed, 1);
    speedRow->addWidget(m_connect);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(portRow);
    layout->addLayout(speedRow);
    layout->addWidget(m_status);
    layout->addLayout(m_info);
    layout->addLayout(buttons);
    layout->addLayout(progressRow);
    layout->addWidget(new QLabel(tr("Device log")));
    layout->addWidget(m_log, 1);
    refreshPorts();
    updateState();
}

void DevicesPane::refreshPorts()
{
    const QString current = m_ports->currentText();
    m_ports->clear();
    for (const QSerialPortInfo& info : QSerialPortInfo::availablePorts())
        m_ports->addItem(portLabel(info), info.systemLocation());
    if (!current.isEmpty())
        setPort(current);
    m_status->setText(m_ports->count() == 0 ? tr("No serial port found. Plug the board in, then Refresh.")
                                            : tr("%n serial port(s) found.", nullptr, m_ports->count()));
}

void DevicesPane::setPort(const QString& port)
{
    const int index = m_ports->findText(port);
    if (index >= 0)
        m_ports->setCurrentIndex(index);
    else
        m_ports->setEditText(port);
}

bool DevicesPane::connectPort()
{
    // A listed port's label carries its location; a typed text is the location.
    const int index = m_ports->findText(m_ports->currentText());
    const QString port = index >= 0 ? m_ports->itemData(index).toString() : m_ports->currentText().trimmed();
    QString error;
    std::optional<SerialPortSpec> spec = SerialPortSpec::parse(port, &error);
    if (!spec) {
        m_status->setText(error);
        return false;
    }
    spec->baud = m_speed->currentData().toInt();
    m_connection = m_intake->openSerial(*spec);
    m_query = new DeviceInfoQuery(m_connection, m_connection);
    m_installer = new ModInstaller(m_connection, m_connection);
    connect(m_connection, &SerialConnection::deviceLog, this, &DevicesPane::appendLog);
    connect(m_connection, &SerialConnection::stateChanged, this, &DevicesPane::updateState);
    connect(m_connection, &SerialConnection::machinesChanged, this, &DevicesPane::updateState);
    connect(m_connection, &SerialConnection::machineConnected, this, [this] {
        if (m_connection && m_connection->sessions().size() == 1)
            askDeviceInfo(); // the first machine of a start-up: describe the board
    });
    connect(m_query, &DeviceInfoQuery::finished, this, &DevicesPane::showDeviceInfo);
    connect(m_installer, &ModInstaller::progress, this, [this](qint64 sent, qint64 total) {
        m_progress->setRange(0, int(total));
        m_progress->setValue(int(sent));
        m_progress->show();
        m_cancel->show();
    });
    connect(m_installer, &ModInstaller::finished, this, [this](bool ok, const QString& message) {
        m_progress->hide();
        m_cancel->hide();
        appendLog(message, true);
        emit statusMessage(message, ok ? 5000 : 0);
        updateState();
    });
    if (!m_connection->open()) {
        m_status->setText(m_connection->errorString());
        appendLog(m_connection->errorString(), true);
        updateState();
        return false;
    }
    updateState();
    return true;
}

SerialConnection* DevicesPane::connection() const
{
    return m_connection;
}

void DevicesPane::disconnectPort()
{
    if (m_connection)
        m_connection->close();
    updateState();
}

void DevicesPane::appendLog(const QString& text, bool note)
{
    m_log->appendPlainText(note ? QStringLiteral("» ") + text : text);
}

QString DevicesPane::logText() const
{
    return m_log->toPlainText();
}

void DevicesPane::askDeviceInfo()
{
    if (m_query && m_connection && m_connection->isOpen())
        m_query->start();
}

void DevicesPane::showDeviceInfo(const SerialDeviceInfo& info)
{
    const QString space = info.installSpace ? tr("%1 KB").arg(info.installSpace->bytes / 1024.0, 0, 'f', 1) : QString();
    const QString values[] = {info.mcu, info.macAddress, info.xsVersion, info.appSignature, info.pixelFormat, space};
    for (int i = 0; i < 6; ++i)
        m_infoLabels[i]->setText(values[i].isEmpty() ? tr("—") : values[i]);
    for (const QString& problem : info.problems)
        appendLog(problem, true);
}

void DevicesPane::installMod()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Install Mod"), QString(), tr("Mod archives (*.xsa)"));
    if (!path.isEmpty())
        installModFile(path);
}

void DevicesPane::installModFile(const QString& path)
{
    if (!m_installer)
        return;
    QFile file(path);
    QString error;
    if (!file.open(QIODevice::ReadOnly))
        error = file.errorString();
    else if (!m_installer->install(file.readAll(), &error))
        error = QFileInfo(path).fileName() + QStringLiteral(": ") + error;
    if (!error.isEmpty()) {
        appendLog(tr("Install Mod: %1").arg(error), true);
        emit statusMessage(tr("Install Mod: %1").arg(error), 0);
    }
}

void DevicesPane::updateState()
{
    const SerialConnection::State state = m_connection ? m_connection->state() : SerialConnection::State::Closed;
    const bool open = state == SerialConnection::State::Open;
    const bool machine = open && m_connection->commandMachine() != 0;
    const bool busy = m_installer && m_installer->isBusy();
    m_connect->setText(state == SerialConnection::State::Closed ? tr("Connect") : tr("Disconnect"));
    m_ports->setEnabled(state == SerialConnection::State::Closed);
    m_speed->setEnabled(state == SerialConnection::State::Closed);
    m_restartAction->setEnabled(open && !busy);
    m_infoAction->setEnabled(machine && !busy);
    m_installAction->setEnabled(machine && !busy);
    m_uninstallAction->setEnabled(machine && !busy);
    if (!m_connection)
        return;
    const int machines = int(m_connection->sessions().size());
    switch (state) {
    case SerialConnection::State::Closed: m_status->setText(tr("Not connected.")); break;
    case SerialConnection::State::WaitingForPort:
        m_status->setText(tr("%1 is gone; reconnecting when it comes back.").arg(m_connection->portName()));
        break;
    case SerialConnection::State::Open:
        m_status->setText(tr("Connected to %1 at %2 baud · %n machine(s)", nullptr, machines)
                              .arg(m_connection->portName())
                              .arg(m_connection->spec().baud));
        break;
    }
}
