#pragma once
// What a <bubble> says (xsbug-protocol.md §3.4), as text: its side, JSON pretty-printed, the
// bytes of a binary message as hex, and one line for a log. Shared by the window's
// conversations and `xsprof listen --log`.
#include "xsbugmessages.h"

#include <QString>

namespace BubbleText {

enum class Side { Center, Left, Right };

Side side(int flags);           // 1 left, 2 right, else centre
bool isBinary(int flags);       // flag 4: the text is the bytes as hex pairs
QString sideName(Side side);    // "left", "right", "center"

// The text to show: a JSON object or array pretty-printed, the bytes of a
// binary message as spaced hex, 16 to a line, else the text as sent.
QString displayText(const xsbug::Bubble& bubble);
// "[chat] left: hello (main.js:4)": one line, JSON compact, binary as spaced hex.
QString logLine(const xsbug::Bubble& bubble);
// The conversation's name as shown: "(no conversation)" for the unnamed one.
QString conversationLabel(const QString& conversation);

} // namespace BubbleText
