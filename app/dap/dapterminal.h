#pragma once
// A pseudo-terminal for a launched program's standard output. C's stdio buffers a pipe in
// blocks, so print() of a program writing into one arrives only when its buffer fills or the
// program exits; on a terminal it is line-buffered and each line arrives when printed.
// Raw mode: "\n" stays "\n" (no "\r\n"), nothing is echoed.
#include <QByteArray>
#include <QObject>
#include <QString>

class QSocketNotifier;

class DapTerminal : public QObject {
    Q_OBJECT

public:
    explicit DapTerminal(QObject* parent = nullptr);
    ~DapTerminal() override;

    // Opens the pair; false with `error`.
    bool open(QString& error);
    // The end the program writes to (for dup2 in the child); -1 before open().
    int programEnd() const { return m_programEnd; }
    // After the program started: the adapter keeps only its end, so that reading ends when the
    // program (and its children) closed theirs.
    void closeProgramEnd();
    // Reads what is left (the program exited), emitting data().
    void drain();

signals:
    void data(const QByteArray& bytes);

private:
    void readAvailable();
    void closeAll();

    int m_adapterEnd = -1;
    int m_programEnd = -1;
    QSocketNotifier* m_notifier = nullptr;
};
