#pragma once
// One dialog for every file that could not be opened: a second failure while it is shown
// joins the list instead of stacking another dialog. Names and messages (which quote the
// file) are plain text.
#include <QMessageBox>

class LoadErrorDialog : public QMessageBox
{
    Q_OBJECT
public:
    explicit LoadErrorDialog(QWidget* parent);

    void addError(const QString& path, const QString& message);
    int errorCount() const { return int(m_errors.size()); }

    // "a PNG image, not a profile" when the file's first bytes say so; else `message`.
    static QString explain(const QString& path, const QString& message);

private:
    struct Error {
        QString path, message;
    };
    void updateText();
    void setPlainInformativeText(const QString& text);
    QList<Error> m_errors;
};
