#pragma once
// Paints a ConversationModel row as xsbug's MESSAGES pane does: a bubble on the left, the
// right or in the middle, tinted by its conversation, with the conversation's name (and the
// machine's, in a model of several) above the text.
#include <QStyledItemDelegate>

class ConversationDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit ConversationDelegate(QObject* parent = nullptr);

    // One colour per conversation name, the same in every run; pale on a light base, deep on
    // a dark one, so that the palette's text colour stays legible. Grey for the unnamed one.
    static QColor tint(const QString& conversation, bool darkBase);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    struct Geometry;
    Geometry geometry(const QStyleOptionViewItem& option, const QModelIndex& index) const;
};
