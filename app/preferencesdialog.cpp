#include "preferencesdialog.h"

#include "editorchooser.h"
#include "preferences.h"
#include "xscpathfield.h"

#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

PreferencesDialog::PreferencesDialog(Preferences* preferences, QWidget* parent)
    : QDialog(parent), m_preferences(preferences), m_port(new QSpinBox),
      m_acceptOthers(new QCheckBox(tr("Accept connections from other devices"))),
      m_profileOnStart(new QCheckBox(tr("Profile on start"))), m_pathMappings(new QPlainTextEdit), m_consoleLines(new QSpinBox),
      m_xsc(new XscPathField)
{
    setWindowTitle(tr("Preferences"));
    // 0 (any free port, as tests and scripted setups use) stays 0: OK must not move the server.
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("any free port"));
    m_port->setValue(preferences->port());
    m_port->setToolTip(tr("The TCP port XS machines connect to (xsbug uses 5002)."));
    m_acceptOthers->setChecked(preferences->acceptOtherDevices());
    m_acceptOthers->setToolTip(tr("Listen on every network interface instead of 127.0.0.1 only."));
    m_profileOnStart->setChecked(preferences->profileOnStart());
    m_profileOnStart->setToolTip(tr("Every machine that connects starts profiling at once."));

    auto* server = new QGroupBox(tr("Debug server"));
    auto* form = new QFormLayout(server);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(m_acceptOthers);
    auto* profiling = new QGroupBox(tr("Profiling"));
    auto* profilingLayout = new QVBoxLayout(profiling);
    profilingLayout->addWidget(m_profileOnStart);
    m_consoleLines->setRange(100, 10000000);
    m_consoleLines->setSingleStep(1000);
    m_consoleLines->setValue(preferences->consoleLines());
    m_consoleLines->setToolTip(tr("Each console keeps this many lines; older ones are dropped."));
    auto* note = new QLabel(tr("Applies to machines that connect from now on."));
    note->setEnabled(false);
    profilingLayout->addWidget(note);
    // Crash safety: live profiles are journalled to disk until saved or discarded.
    m_recoveryMegabytes = new QSpinBox;
    m_recoveryMegabytes->setObjectName(QStringLiteral("recoveryLimit"));
    m_recoveryMegabytes->setRange(1, 1024 * 1024);
    m_recoveryMegabytes->setSingleStep(256);
    m_recoveryMegabytes->setSuffix(tr(" MB"));
    m_recoveryMegabytes->setValue(int(preferences->recoveryMaxBytes() >> 20));
    m_recoveryMegabytes->setToolTip(tr("Live profiles not yet saved are journalled to disk so that a crash loses "
                                       "nothing; beyond this size the oldest journals are deleted (checked at start and "
                                       "when a machine connects)."));
    auto* recoveryForm = new QFormLayout;
    recoveryForm->addRow(tr("&Recovery journals kept up to:"), m_recoveryMegabytes);
    profilingLayout->addLayout(recoveryForm);

    auto* debugger = new QGroupBox(tr("Debugger"));
    debugger->setObjectName(QStringLiteral("debuggerGroup"));
    auto* debuggerLayout = new QFormLayout(debugger);
    m_xsc->setPath(preferences->xscPathSetting());
    debuggerLayout->addRow(tr("XS &compiler (xsc):"), m_xsc);
    debuggerLayout->addRow(tr("Console &lines kept:"), m_consoleLines);

    auto* sources = new QGroupBox(tr("Source files recorded on another machine"));
    auto* sourcesLayout = new QVBoxLayout(sources);
    auto* explain = new QLabel(tr("One rule per line: <i>recorded prefix</i> =&gt; <i>local folder</i>, e.g. "
                                  "<tt>/home/ci/app =&gt; /home/me/work/app</tt>"));
    explain->setWordWrap(true);
    sourcesLayout->addWidget(explain);
    m_pathMappings->setPlainText(preferences->pathMappings().toText());
    m_pathMappings->setTabChangesFocus(true);
    m_pathMappings->setFixedHeight(m_pathMappings->fontMetrics().lineSpacing() * 5);
    sourcesLayout->addWidget(m_pathMappings);
    // Source maps: a folder searched for .map files (besides those next to local scripts).
    m_sourceMapFolder = new QLineEdit(preferences->sourceMapFolder());
    m_sourceMapFolder->setPlaceholderText(tr("none: only maps beside the scripts or dropped on a tab"));
    m_sourceMapFolder->setToolTip(tr("Bundled code shows its original files, lines and names when a .map file here "
                                     "matches the script (View › Original Sources)."));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Source-map folder"), m_sourceMapFolder->text());
        if (!folder.isEmpty())
            m_sourceMapFolder->setText(folder);
    });
    auto* mapRow = new QHBoxLayout;
    mapRow->addWidget(new QLabel(tr("Source &maps folder:")));
    mapRow->addWidget(m_sourceMapFolder, 1);
    mapRow->addWidget(browse);
    qobject_cast<QLabel*>(mapRow->itemAt(0)->widget())->setBuddy(m_sourceMapFolder);
    sourcesLayout->addLayout(mapRow);
    m_editor = new EditorChooser;
    m_editor->setCommand(preferences->openSourceCommand());

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(server);
    layout->addWidget(profiling);
    layout->addWidget(debugger);
    layout->addWidget(sources);
    layout->addWidget(m_editor);
    // Wide enough for the example rule on one line.
    setMinimumWidth(std::max(560, fontMetrics().horizontalAdvance(QStringLiteral("/home/ci/app => /home/me/work/app")) * 2));
    layout->addWidget(buttons);
    // Its whole size before it is shown: grown by a layout request while the window manager was
    // placing it, it once came at (0,0) without a frame (Change Port… right after the start).
    resize(minimumWidth(), 1);
    fitHeight();
}

bool PreferencesDialog::event(QEvent* event)
{
    const bool handled = QDialog::event(event);
    if (event->type() == QEvent::LayoutRequest) // a row changed its size: after the layout's own work
        fitHeight();
    return handled;
}

void PreferencesDialog::fitHeight()
{
    if (!layout() || !layout()->hasHeightForWidth())
        return;
    const int needed = layout()->totalHeightForWidth(width());
    setMinimumHeight(needed);
    if (height() < needed)
        resize(width(), needed);
}

void PreferencesDialog::accept()
{
    m_preferences->setListening(quint16(m_port->value()), m_acceptOthers->isChecked());
    m_preferences->setProfileOnStart(m_profileOnStart->isChecked());
    m_preferences->setPathMappings(PathMappings::fromText(m_pathMappings->toPlainText()));
    m_preferences->setConsoleLines(m_consoleLines->value());
    m_preferences->setRecoveryMaxBytes(qint64(m_recoveryMegabytes->value()) << 20);
    m_preferences->setOpenSourceCommand(m_editor->command());
    m_preferences->setXscPath(m_xsc->path());
    m_preferences->setSourceMapFolder(m_sourceMapFolder->text().trimmed());
    QDialog::accept();
}

// The recorded folder is known: the local one is picked in a folder dialog, which fills the
// rule; cancelled, the rule waits for the user to type it.
void PreferencesDialog::addPathMapping(const QString& recordedPath)
{
    // The folder as recorded, ready for the user to add the local one after "=>".
    QString folder = recordedPath;
    if (folder.startsWith(QLatin1String("file://")))
        folder = QUrl(folder).toLocalFile();
    folder = folder.section(QLatin1Char('/'), 0, -2);
    QString text = m_pathMappings->toPlainText();
    if (!text.isEmpty() && !text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    text += folder + QStringLiteral(" => ");
    m_pathMappings->setPlainText(text);
    m_pathMappings->moveCursor(QTextCursor::End);
    m_pathMappings->setFocus();
    auto* picker = new QFileDialog(this, tr("Local folder for %1").arg(folder));
    picker->setObjectName(QStringLiteral("mapFolderDialog"));
    picker->setFileMode(QFileDialog::Directory);
    picker->setOption(QFileDialog::ShowDirsOnly);
    picker->setDirectory(QDir::homePath()); // not wherever the program was started from
    picker->setAttribute(Qt::WA_DeleteOnClose);
    connect(picker, &QFileDialog::fileSelected, this, [this](const QString& local) {
        if (local.isEmpty() || !m_pathMappings->toPlainText().endsWith(QLatin1String(" => ")))
            return; // the user typed meanwhile
        m_pathMappings->moveCursor(QTextCursor::End);
        m_pathMappings->insertPlainText(QDir::cleanPath(local));
    });
    picker->open();
}
