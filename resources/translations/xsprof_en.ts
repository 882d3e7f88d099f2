<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AllMachinesConsole</name>
    <message numerus="yes">
        <source>… %n line(s) of machines without a tab not shown: they came faster than the console shows them</source>
        <translation>
            <numerusform>… %n line of machines without a tab not shown: they came faster than the console shows them</numerusform>
            <numerusform>… %n lines of machines without a tab not shown: they came faster than the console shows them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonPage</name>
    <message numerus="yes">
        <source>&lt;br&gt;&lt;b&gt;%n trace(s) in both cohorts&lt;/b&gt;: they are compared with themselves.</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;b&gt;%n trace in both cohorts&lt;/b&gt;: they are compared with themselves.</numerusform>
            <numerusform>&lt;br&gt;&lt;b&gt;%n traces in both cohorts&lt;/b&gt;: they are compared with themselves.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message numerus="yes">
        <source>%n older message(s) dropped: the last %1 are kept.</source>
        <translation>
            <numerusform>%n older message dropped: the last %1 are kept.</numerusform>
            <numerusform>%n older messages dropped: the last %1 are kept.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DevicesPane</name>
    <message numerus="yes">
        <source>%n serial port(s) found.</source>
        <translation>
            <numerusform>%n serial port found.</numerusform>
            <numerusform>%n serial ports found.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Connected to %1 at %2 baud · %n machine(s)</source>
        <translation>
            <numerusform>Connected to %1 at %2 baud · %n machine</numerusform>
            <numerusform>Connected to %1 at %2 baud · %n machines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiffFlameGraphView</name>
    <message numerus="yes">
        <source>%n frames too thin to show</source>
        <translation>
            <numerusform>%n frame too thin to show</numerusform>
            <numerusform>%n frames too thin to show</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FlameGraphView</name>
    <message numerus="yes">
        <source>%n small frame(s)</source>
        <translation>
            <numerusform>%n small frame</numerusform>
            <numerusform>%n small frames</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frame(s) thinner than a pixel&lt;br/&gt;together %1</source>
        <translation>
            <numerusform>%n frame thinner than a pixel&lt;br/&gt;together %1</numerusform>
            <numerusform>%n frames thinner than a pixel&lt;br/&gt;together %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n small frame(s), together %1</source>
        <translation>
            <numerusform>%n small frame, together %1</numerusform>
            <numerusform>%n small frames, together %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoadErrorDialog</name>
    <message numerus="yes">
        <source>Could not open %n file(s).</source>
        <translation>
            <numerusform>Could not open %n file.</numerusform>
            <numerusform>Could not open %n files.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MachineTabs</name>
    <message numerus="yes">
        <source>Recovered %n unsaved live profile(s) the last run left: save or close them.</source>
        <translation>
            <numerusform>Recovered %n unsaved live profile the last run left: save or close them.</numerusform>
            <numerusform>Recovered %n unsaved live profiles the last run left: save or close them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileOpenJob</name>
    <message numerus="yes">
        <source>%1 (%n sample(s))</source>
        <translation>
            <numerusform>%1 (%n sample)</numerusform>
            <numerusform>%1 (%n samples)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>%n function(s) mapped by %1</source>
        <translation>
            <numerusform>%n function mapped by %1</numerusform>
            <numerusform>%n functions mapped by %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source map(s)</source>
        <translation>
            <numerusform>%n source map</numerusform>
            <numerusform>%n source maps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowExports</name>
    <message numerus="yes">
        <source>Copied %n row(s).</source>
        <translation>
            <numerusform>Copied %n row.</numerusform>
            <numerusform>Copied %n rows.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowTabs</name>
    <message numerus="yes">
        <source>Opened %1 with %n reader note(s): see the strip above its views.</source>
        <translation>
            <numerusform>Opened %1 with %n reader note: see the strip above its views.</numerusform>
            <numerusform>Opened %1 with %n reader notes: see the strip above its views.</numerusform>
        </translation>
    </message>
</context>
</TS>
