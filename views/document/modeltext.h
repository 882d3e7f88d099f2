#pragma once
// The model's text (UTF-8 std::string and std::string_view) as QString, for the views.
#include <QString>

#include <string_view>

inline QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}
