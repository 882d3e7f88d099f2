#pragma once
// The "XS compiler (xsc)" preference: a path (empty: auto-detected from $MODDABLE and PATH,
// shown as the placeholder), Browse…, and Test, which compiles `1+1` and shows the version
// and ID size found, or why it failed.
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class XscCompiler;

class XscPathField : public QWidget
{
    Q_OBJECT
public:
    explicit XscPathField(QWidget* parent = nullptr);

    // "" means auto-detect.
    QString path() const;
    void setPath(const QString& path);
    // What Test uses: the path typed, else the one detected.
    QString effectivePath() const;
    QLineEdit* field() const { return m_field; }
    QPushButton* testButton() const { return m_test; }
    QLabel* resultLabel() const { return m_result; }
    void test();

signals:
    void tested(bool ok);

private:
    QLineEdit* m_field;
    QPushButton* m_browse;
    QPushButton* m_test;
    QLabel* m_result;
    XscCompiler* m_compiler;
    QString m_detected;
};
