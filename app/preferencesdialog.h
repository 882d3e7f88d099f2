#pragma once
// Edits the Preferences: the debug server's port and address, profile on start, the
// debugger's XS compiler and console length, and path mappings.
// Applied when accepted.
#include <QDialog>

class EditorChooser;
class Preferences;
class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class XscPathField;

class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    PreferencesDialog(Preferences* preferences, QWidget* parent = nullptr);

    QSpinBox* portField() const { return m_port; }
    QCheckBox* profileOnStartBox() const { return m_profileOnStart; }
    QPlainTextEdit* pathMappingsField() const { return m_pathMappings; }
    EditorChooser* editorChooser() const { return m_editor; }
    // Starts a path-mapping rule for the folder of `recordedPath` and puts the cursor after "=>".
    void addPathMapping(const QString& recordedPath);
    XscPathField* xscField() const { return m_xsc; }
    QSpinBox* consoleLinesField() const { return m_consoleLines; }
    QSpinBox* recoveryLimitField() const { return m_recoveryMegabytes; }
    QLineEdit* sourceMapFolderField() const { return m_sourceMapFolder; }

    void accept() override;

protected:
    bool event(QEvent* event) override;

private:
    // Word-wrapped text (the compiler's answer) needs more height at this width than the
    // layout's minimum says: the dialog grows to it, else the rows below would overlap.
    void fitHeight();

    Preferences* m_preferences;
    QSpinBox* m_port;
    QCheckBox* m_acceptOthers;
    QCheckBox* m_profileOnStart;
    QPlainTextEdit* m_pathMappings;
    QSpinBox* m_consoleLines;
    QSpinBox* m_recoveryMegabytes = nullptr;
    EditorChooser* m_editor = nullptr;
    XscPathField* m_xsc;
    QLineEdit* m_sourceMapFolder = nullptr;
};
