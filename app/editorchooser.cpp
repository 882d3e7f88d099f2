#include "editorchooser.h"

#include "editorlauncher.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

EditorChooser::EditorChooser(QWidget* parent)
    : QGroupBox(tr("Open source in"), parent), m_presets(new QComboBox), m_command(new QLineEdit)
{
    for (const EditorLauncher::Preset& preset : EditorLauncher::presets())
        m_presets->addItem(preset.label, preset.command);
    m_presets->addItem(tr("Other command…"), QStringLiteral("custom"));
    m_presets->setAccessibleName(tr("Open source in"));
    m_command->setPlaceholderText(tr("e.g. code --goto {file}:{line}"));
    m_command->setAccessibleName(tr("Editor command"));
    m_command->setToolTip(tr("{file} is replaced by the local path (after the path mappings), {line} and "
                             "{column} by the position. Used on double-click or Enter on a function."));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Editor:"), m_presets);
    form->addRow(tr("&Command:"), m_command);
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        const QString command = m_presets->itemData(index).toString();
        if (command != QLatin1String("custom"))
            m_command->setText(command);
        m_command->setEnabled(index != 0);
        if (command == QLatin1String("custom"))
            m_command->setFocus();
    });
    setCommand(QString());
}

void EditorChooser::setCommand(const QString& command)
{
    int index = m_presets->findData(command.trimmed());
    if (index < 0)
        index = m_presets->count() - 1; // a command of the user's own
    m_presets->setCurrentIndex(index);
    m_command->setText(command.trimmed());
    m_command->setEnabled(index != 0);
}

QString EditorChooser::command() const
{
    return m_presets->currentIndex() == 0 ? QString() : m_command->text().trimmed();
}
