#pragma once
// Preferences › "Open source in": the built-in pane or an editor command, picked from the
// presets or written by hand ({file}, {line}, {column}).
#include <QGroupBox>

class QComboBox;
class QLineEdit;

class EditorChooser : public QGroupBox
{
    Q_OBJECT
public:
    explicit EditorChooser(QWidget* parent = nullptr);

    void setCommand(const QString& command);
    QString command() const; // empty: the built-in pane

    QComboBox* presetBox() const { return m_presets; }

private:
    QComboBox* m_presets;
    QLineEdit* m_command;
};
