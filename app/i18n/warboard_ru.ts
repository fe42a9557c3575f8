<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>side turns</source>
        <translation>ходы сторон</translation>
    </message>
    <message>
        <source>alternating activations</source>
        <translation>поочерёдные активации</translation>
    </message>
    <message>
        <source>combat rounds</source>
        <translation>боевые раунды</translation>
    </message>
    <message>
        <source>{0} AP per unit</source>
        <translation>{0} ОД на отряд</translation>
    </message>
    <message>
        <source>{0} actions per activation</source>
        <translation>действий за активацию: {0}</translation>
    </message>
    <message>
        <source>{0} action(s) per unit per round</source>
        <translation>действий на отряд за раунд: {0}</translation>
    </message>
    <message>
        <source>an ambushing side goes first</source>
        <translation>сторона в засаде ходит первой</translation>
    </message>
    <message>
        <source>allied players interleave</source>
        <translation>союзные игроки чередуются</translation>
    </message>
    <message>
        <source>each turn</source>
        <translation>каждый ход</translation>
    </message>
    <message>
        <source>once per game</source>
        <translation>раз за игру</translation>
    </message>
    <message>
        <source>initiative {0} {1}</source>
        <translation>инициатива {0} {1}</translation>
    </message>
    <message>
        <source>A picture of the table made by Warboard</source>
        <extracomment>Forum posts: wide enough to read a name, small enough to upload. Nice lengths for the scale bar, inches.</extracomment>
        <translation>Картинка стола, сделанная в Warboard</translation>
    </message>
    <message>
        <source>Turn {turn}</source>
        <translation>Ход {turn}</translation>
    </message>
    <message>
        <source>{side} to act</source>
        <translation>действует: {side}</translation>
    </message>
    <message>
        <source>N</source>
        <translation>С</translation>
    </message>
    <message>
        <source>north</source>
        <translation>север</translation>
    </message>
    <message>
        <source>south</source>
        <translation>юг</translation>
    </message>
    <message>
        <source>west</source>
        <translation>запад</translation>
    </message>
    <message>
        <source>east</source>
        <translation>восток</translation>
    </message>
    <message>
        <source>{edge} edge</source>
        <translation>край: {edge}</translation>
    </message>
    <message>
        <source>{inches}&quot; = {metres} m</source>
        <translation>{inches}&quot; = {metres} м</translation>
    </message>
    <message>
        <source>{side} — {n} on the table</source>
        <translation>{side} — {n} на столе</translation>
    </message>
    <message>
        <source>{unit}: reach {allowance}</source>
        <translation>{unit}: досягаемость {allowance}</translation>
    </message>
    <message>
        <source>allowance: {source}</source>
        <translation>допуск: {source}</translation>
    </message>
    <message>
        <source>scattered {d}&quot; at {b}°</source>
        <translation>отнесло на {d}&quot; по {b}°</translation>
    </message>
    <message>
        <source>hole</source>
        <translation>дыра</translation>
    </message>
    <message>
        <source>nobody under it</source>
        <translation>под ним никого</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>Экспорт картинки</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>File (.png or .svg)</source>
        <translation>Файл (.png или .svg)</translation>
    </message>
    <message>
        <source>The whole table</source>
        <translation>Весь стол</translation>
    </message>
    <message>
        <source>What the board shows now</source>
        <translation>То, что сейчас показывает стол</translation>
    </message>
    <message>
        <source>Around the selected unit</source>
        <translation>Вокруг выбранного отряда</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>Область</translation>
    </message>
    <message>
        <source>Radius around the unit</source>
        <translation>Радиус вокруг отряда</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Ширина</translation>
    </message>
    <message>
        <source>All names</source>
        <translation>Все имена</translation>
    </message>
    <message>
        <source>Leaders and lone units</source>
        <translation>Командиры и одиночные отряды</translation>
    </message>
    <message>
        <source>No names</source>
        <translation>Без имён</translation>
    </message>
    <message>
        <source>Unit names</source>
        <translation>Имена отрядов</translation>
    </message>
    <message>
        <source>Coordinates along the edges, a line every 6&quot;</source>
        <translation>Координаты по краям, линия через каждые 6&quot;</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Сетка</translation>
    </message>
    <message>
        <source>Print the tool&apos;s readout in a corner</source>
        <translation>Напечатать показания инструмента в углу</translation>
    </message>
    <message>
        <source>Readout</source>
        <translation>Показания</translation>
    </message>
    <message>
        <source>Reach area of the selected unit</source>
        <translation>Область досягаемости выбранного отряда</translation>
    </message>
    <message>
        <source>The area it can reach this move, as dragging it shows</source>
        <translation>Область, которой он достигает этим движением, как показывает перетаскивание</translation>
    </message>
    <message>
        <source>Movement</source>
        <translation>Передвижение</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Pictures (*.png *.svg)</source>
        <translation>Картинки (*.png *.svg)</translation>
    </message>
    <message>
        <source>Area: select a unit on the board first</source>
        <translation>Область: сначала выберите отряд на столе</translation>
    </message>
    <message>
        <source>Export &amp;picture…</source>
        <translation>Экспорт &amp;картинки…</translation>
    </message>
    <message>
        <source>The board as a PNG or SVG picture for a forum post</source>
        <translation>Стол картинкой PNG или SVG для сообщения на форуме</translation>
    </message>
    <message>
        <source>File: choose where to write the picture</source>
        <translation>Файл: выберите, куда записать картинку</translation>
    </message>
    <message>
        <source>Picture written to {path}</source>
        <translation>Картинка записана в {path}</translation>
    </message>
    <message>
        <source>Seal the dice</source>
        <translation>Запечатать кубы</translation>
    </message>
    <message>
        <source>The app draws a secret seed for this game; every roll of its dice will come from it. The seed is kept in the game file encrypted under your passphrase: you need it to roll in a later session and to reveal the seed.</source>
        <translation>Программа вытягивает для этой игры секретное зерно; каждый бросок её кубов будет из него. Зерно хранится в файле игры, зашифрованное вашей парольной фразой: она нужна, чтобы бросать в следующий раз и чтобы раскрыть зерно.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Парольная фраза</translation>
    </message>
    <message>
        <source>Again</source>
        <translation>Ещё раз</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>Парольные фразы не совпадают.</translation>
    </message>
    <message>
        <source>The passphrase needs at least {n} characters.</source>
        <translation>Парольная фраза должна быть не короче {n} знаков.</translation>
    </message>
    <message>
        <source>Verify dice</source>
        <translation>Проверка кубов</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>Обязательство</translation>
    </message>
    <message>
        <source>the seed the game master revealed (64 hex digits)</source>
        <translation>зерно, раскрытое ведущим (64 шестнадцатеричные цифры)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>This game is not played with sealed dice.</source>
        <translation>Эта игра идёт без запечатанных кубов.</translation>
    </message>
    <message>
        <source>Every sealed roll matches the seed.</source>
        <translation>Каждый запечатанный бросок сходится с зерном.</translation>
    </message>
    <message>
        <source>{n} problem(s) found.</source>
        <translation>Найдено проблем: {n}.</translation>
    </message>
    <message>
        <source>Sealed &amp;dice</source>
        <translation>Запечатанные &amp;кубы</translation>
    </message>
    <message>
        <source>&amp;Seal this game…</source>
        <translation>&amp;Запечатать эту игру…</translation>
    </message>
    <message>
        <source>&amp;Unlock the seed…</source>
        <translation>&amp;Открыть зерно…</translation>
    </message>
    <message>
        <source>Show the &amp;commitment…</source>
        <translation>Показать &amp;обязательство…</translation>
    </message>
    <message>
        <source>&amp;Reveal the seed…</source>
        <translation>&amp;Раскрыть зерно…</translation>
    </message>
    <message>
        <source>&amp;Verify dice…</source>
        <translation>&amp;Проверить кубы…</translation>
    </message>
    <message>
        <source>Recompute every sealed roll from the revealed seed</source>
        <translation>Пересчитать каждый запечатанный бросок по раскрытому зерну</translation>
    </message>
    <message>
        <source>Sealed dice: seed revealed</source>
        <extracomment>On the status bar while the game is sealed: locked, or the next roll&apos;s number.</extracomment>
        <translation>Запечатанные кубы: зерно раскрыто</translation>
    </message>
    <message>
        <source>Sealed dice: locked (File ▸ Sealed dice ▸ Unlock the seed…)</source>
        <translation>Запечатанные кубы: закрыты (Файл ▸ Запечатанные кубы ▸ Открыть зерно…)</translation>
    </message>
    <message>
        <source>Sealed dice: next roll #{n}</source>
        <translation>Запечатанные кубы: следующий бросок №{n}</translation>
    </message>
    <message>
        <source>Sealed dice</source>
        <translation>Запечатанные кубы</translation>
    </message>
    <message>
        <source>Reveal the seed</source>
        <translation>Раскрыть зерно</translation>
    </message>
    <message>
        <source>Unlock the seed</source>
        <translation>Открыть зерно</translation>
    </message>
    <message>
        <source>Sealed dice unlocked: the next roll is #{n}</source>
        <translation>Запечатанные кубы открыты: следующий бросок №{n}</translation>
    </message>
    <message>
        <source>Post this before play; reveal the seed at the end.

Commitment (SHA-256 of the seed and the game id):
{c}

Game id: {g}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <source>Sealed dice commitment: {c} (game {g})</source>
        <translation>Обязательство запечатанных кубов: {c} (игра {g})</translation>
    </message>
    <message>
        <source>Seed revealed and copied: {seed}</source>
        <translation>Зерно раскрыто и скопировано: {seed}</translation>
    </message>
    <message>
        <source>Turn as one post</source>
        <translation>Ход одним сообщением</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Ход</translation>
    </message>
    <message>
        <source>BBCode</source>
        <translation>BBCode</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Формат</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>{n} log lines of turn {turn}</source>
        <translation>строк журнала хода {turn}: {n}</translation>
    </message>
    <message>
        <source>Turn {turn} copied as {fmt}</source>
        <translation>Ход {turn} скопирован как {fmt}</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Журнал</translation>
    </message>
    <message>
        <source>Copy turn as &amp;BBCode…</source>
        <translation>Копировать ход как &amp;BBCode…</translation>
    </message>
    <message>
        <source>Copy turn as &amp;Markdown…</source>
        <translation>Копировать ход как &amp;Markdown…</translation>
    </message>
    <message>
        <source>Every roll, measurement and template of a turn as one forum post, previewed first</source>
        <translation>Все броски, замеры и шаблоны хода одним сообщением для форума, сначала с предпросмотром</translation>
    </message>
    <message>
        <source>x {x}&quot;  y {y}&quot;  ({xm} m, {ym} m)</source>
        <translation>x {x}&quot;  y {y}&quot;  ({xm} м, {ym} м)</translation>
    </message>
    <message>
        <source>{ruleset}   1&quot; = {scale} m   table {w}&quot; × {h}&quot;</source>
        <translation>{ruleset}   1&quot; = {scale} м   стол {w}&quot; × {h}&quot;</translation>
    </message>
</context>
<context>
    <name>ActionPanel</name>
    <message>
        <source>Roles</source>
        <extracomment>the template role an action that reads template facts gets when it declares none (resolution, its log positions, seed, chosen) of the last app roll shown.</extracomment>
        <translation>Роли</translation>
    </message>
    <message>
        <source>Modifiers agreed at the table</source>
        <translation>Модификаторы, согласованные за столом</translation>
    </message>
    <message>
        <source>A modifier the rules do not list (smoke, a GM ruling) for one step: to its target, its roll, the dice in its pool or its die step</source>
        <translation>Модификатор, которого нет в правилах (дым, решение ведущего), к одному шагу: к целевому числу, к броску, к числу кубов в пуле или к ступени куба</translation>
    </message>
    <message>
        <source>With return fire</source>
        <translation>С ответным огнём</translation>
    </message>
    <message>
        <source>The unit that answers acts on the actor; both are resolved against the table as it is now (one prior state), with joint odds and one undoable change</source>
        <translation>Отвечающий отряд действует по исполнителю; оба разрешаются по столу как он есть сейчас (одно исходное состояние), с совместными шансами и одним отменяемым изменением</translation>
    </message>
    <message>
        <source>Answered by</source>
        <translation>Отвечает</translation>
    </message>
    <message>
        <source>with</source>
        <translation>с</translation>
    </message>
    <message>
        <source>weapon</source>
        <translation>оружие</translation>
    </message>
    <message>
        <source>The answer&apos;s steps.</source>
        <translation>Шаги ответа.</translation>
    </message>
    <message>
        <source>Ignore cost</source>
        <translation>Без цены</translation>
    </message>
    <message>
        <source>Apply even when the action&apos;s cost (AP, actions, once per turn …) is not available: the real table wins; the ledger marks it</source>
        <translation>Применить, даже если цены действия (ОД, действия, раз в ход …) нет: настоящий стол главнее; учёт это отметит</translation>
    </message>
    <message>
        <source>(nobody: this action alone)</source>
        <extracomment>The action&apos;s notes at this context (Action.notes: a resource not used yet …).</extracomment>
        <translation>(никто: только это действие)</translation>
    </message>
    <message>
        <source>(the unit&apos;s own)</source>
        <translation>(своё у отряда)</translation>
    </message>
    <message>
        <source>Rolled with the sealed dice.</source>
        <translation>Брошено запечатанными кубами.</translation>
    </message>
    <message>
        <source>Rolled with the app&apos;s dice, seed {seed}.</source>
        <translation>Брошено кубами программы, зерно {seed}.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>&lt;b&gt;Effects (merged)&lt;/b&gt;: </source>
        <translation>&lt;b&gt;Последствия (сведённые)&lt;/b&gt;: </translation>
    </message>
    <message>
        <source>Cost: {0} — not available ({1}); applied anyway</source>
        <translation>Цена: {0} — недоступна ({1}); всё равно применено</translation>
    </message>
    <message>
        <source>Cost: {0} — not available: {1}</source>
        <translation>Цена: {0} — недоступна: {1}</translation>
    </message>
    <message>
        <source>Cost: {0}</source>
        <translation>Цена: {0}</translation>
    </message>
    <message>
        <source>Not possible: {0} (tick “Ignore cost” to apply it anyway)</source>
        <translation>Невозможно: {0} (отметьте «Без цены», чтобы всё равно применить)</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>The roll log was altered</source>
        <extracomment>What the open game&apos;s log chain reported when it was opened (engine.log_chain).</extracomment>
        <translation>Журнал бросков изменён</translation>
    </message>
    <message>
        <source>{file}: the roll log does not match its hash chain:

{found}

The game is open as the file holds it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game file is damaged</source>
        <translation>Файл игры повреждён</translation>
    </message>
    <message>
        <source>{error}

Open its last good backup ({name}) instead? The damaged file is kept beside it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not restore the backup</source>
        <translation>Не удалось восстановить резервную копию</translation>
    </message>
    <message>
        <source>Restored {name}; the damaged file is {kept}</source>
        <translation>Восстановлено {name}; повреждённый файл — {kept}</translation>
    </message>
    <message>
        <source>Backup failed: {0}</source>
        <translation>Резервная копия не удалась: {0}</translation>
    </message>
</context>
<context>
    <name>GroupsController</name>
    <message numerus="yes">
        <source>Group: %1 (%2), %n unit(s) on the table</source>
        <translation>
            <numerusform>Группа: %1 (%2), %n отряд на столе</numerusform>
            <numerusform>Группа: %1 (%2), %n отряда на столе</numerusform>
            <numerusform>Группа: %1 (%2), %n отрядов на столе</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Quit</source>
        <extracomment>Every module is installed (emitted by `finish_startup`, once it had work to do). This window was rebuilt in another language (`relocalize`): the new window.</extracomment>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Fit table</source>
        <translation>&amp;Весь стол</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Инструменты</translation>
    </message>
    <message>
        <source>Could not open the scenario</source>
        <translation>Не удалось открыть сценарий</translation>
    </message>
    <message>
        <source>Could not open the demo table</source>
        <translation>Не удалось открыть демонстрационный стол</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>A shipped table</source>
        <extracomment>How long Save, Close and Open wait for the autosaver to finish writing. How soon after a change the controller looks whether its autosave failed. The message box title for each kind of refused game file (GameFileError.kind). with `demo`: which shipped scenario (resources/scenarios); None = the demo</extracomment>
        <translation>Стол из поставки</translation>
    </message>
</context>
<context>
    <name>ReadingsDialog</name>
    <message>
        <source>Rules readings — {0}</source>
        <translation>Толкования правил — {0}</translation>
    </message>
    <message>
        <source>How this game reads the points the rules leave open. Each reading is saved in the game; a PROPOSED default is ours, not the rules&apos;.</source>
        <translation>Как эта игра толкует места, которые правила оставляют открытыми. Каждое толкование сохраняется в игре; ПРЕДЛОЖЕННОЕ по умолчанию — наше, не из правил.</translation>
    </message>
    <message>
        <source>This ruleset has no readings to choose.</source>
        <translation>У этих правил нет толкований на выбор.</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Set every reading to the ruleset&apos;s default</source>
        <translation>Вернуть каждое толкование к умолчанию правил</translation>
    </message>
</context>
<context>
    <name>TestsDock</name>
    <message>
        <source>Due now</source>
        <translation>Положены сейчас</translation>
    </message>
    <message>
        <source>Tests the turn has made due: click one to take it</source>
        <translation>Проверки, положенные по ходу: щёлкните, чтобы пройти</translation>
    </message>
    <message>
        <source>No test is due.</source>
        <translation>Проверок не положено.</translation>
    </message>
    <message>
        <source>{unit} — {test} ({when})</source>
        <translation>{unit} — {test} ({when})</translation>
    </message>
    <message>
        <source>{0} cannot take {1}</source>
        <translation>{0} не может пройти {1}</translation>
    </message>
</context>
<context>
    <name>TurnDock</name>
    <message>
        <source>Turn</source>
        <extracomment>Names listed in the &quot;may still act&quot; and &quot;tests due&quot; lines before &quot;… N more&quot;.</extracomment>
        <translation>Ход</translation>
    </message>
    <message>
        <source>Turn –</source>
        <translation>Ход –</translation>
    </message>
    <message>
        <source>App dice</source>
        <translation>Кубы программы</translation>
    </message>
    <message>
        <source>Typed</source>
        <translation>Вручную</translation>
    </message>
    <message>
        <source>faces in side order, e.g. 7 3</source>
        <translation>грани в порядке сторон, напр. 7 3</translation>
    </message>
    <message>
        <source>Dice (initiative, tests):</source>
        <translation>Кубы (инициатива, проверки):</translation>
    </message>
    <message>
        <source>Roll initiative</source>
        <translation>Бросить инициативу</translation>
    </message>
    <message>
        <source>Start turn</source>
        <translation>Начать ход</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Активировать</translation>
    </message>
    <message>
        <source>Pass action</source>
        <translation>Передать действие</translation>
    </message>
    <message>
        <source>Next phase</source>
        <translation>Следующая фаза</translation>
    </message>
    <message>
        <source>Spend 1</source>
        <translation>Потратить 1</translation>
    </message>
    <message>
        <source>Ambush</source>
        <translation>Засада</translation>
    </message>
    <message>
        <source>End turn</source>
        <translation>Закончить ход</translation>
    </message>
    <message>
        <source>Every side rolls; higher goes first, ties re-rolled</source>
        <translation>Бросает каждая сторона; больший ходит первым, ничьи перебрасываются</translation>
    </message>
    <message>
        <source>Full AP for every unit; this turn&apos;s flags cleared</source>
        <translation>Полные ОД каждому отряду; отметки этого хода сняты</translation>
    </message>
    <message>
        <source>The selected unit of the acting side activates</source>
        <translation>Выбранный отряд действующей стороны активируется</translation>
    </message>
    <message>
        <source>The activating commander passes one action to the selected unit under him; the ruleset&apos;s communication test is rolled with the dice above</source>
        <translation>Активный командир передаёт одно действие выбранному подчинённому отряду; проверка связи по правилам бросается кубами выше</translation>
    </message>
    <message>
        <source>The selected unit&apos;s side ambushes: it spends all its active actions first this round</source>
        <translation>Сторона выбранного отряда устраивает засаду: она первой тратит все свои активные действия в этом раунде</translation>
    </message>
    <message>
        <source>Mark 1 AP (or action) of the selected unit as spent on something the app did not resolve</source>
        <translation>Отметить 1 ОД (или действие) выбранного отряда потраченным на то, что программа не разрешала</translation>
    </message>
    <message>
        <source>Next activation</source>
        <translation>Следующая активация</translation>
    </message>
    <message>
        <source>End ambush</source>
        <translation>Закончить засаду</translation>
    </message>
    <message>
        <source>Next side</source>
        <translation>Следующая сторона</translation>
    </message>
    <message>
        <source>End round</source>
        <translation>Закончить раунд</translation>
    </message>
    <message>
        <source>Spend 1 AP</source>
        <translation>Потратить 1 ОД</translation>
    </message>
    <message>
        <source>Spend 1 action</source>
        <translation>Потратить 1 действие</translation>
    </message>
    <message>
        <source>Turn {0}</source>
        <translation>Ход {0}</translation>
    </message>
    <message>
        <source>Phase: &lt;b&gt;{0}&lt;/b&gt;</source>
        <translation>Фаза: &lt;b&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>… {0} more</source>
        <translation>… ещё {0}</translation>
    </message>
    <message>
        <source>May still act: {0}</source>
        <translation>Ещё могут действовать: {0}</translation>
    </message>
    <message>
        <source>Nobody may act now</source>
        <translation>Сейчас никто не может действовать</translation>
    </message>
    <message>
        <source>Tests due (Tests dock): {0}</source>
        <translation>Положены проверки (панель «Проверки»): {0}</translation>
    </message>
    <message>
        <source>nobody acting</source>
        <translation>никто не действует</translation>
    </message>
    <message>
        <source>(not rolled yet)</source>
        <translation>(ещё не брошено)</translation>
    </message>
    <message>
        <source>Order: {0}</source>
        <translation>Порядок: {0}</translation>
    </message>
    <message>
        <source>Initiative: roll it to start</source>
        <translation>Инициатива: бросьте, чтобы начать</translation>
    </message>
    <message>
        <source> (ties re-rolled)</source>
        <translation> (ничьи перебрасываются)</translation>
    </message>
    <message>
        <source>Initiative (turn {0}): {1}</source>
        <translation>Инициатива (ход {0}): {1}</translation>
    </message>
    <message>
        <source>Done this turn: </source>
        <translation>Сделано в этом ходу: </translation>
    </message>
    <message>
        <source>Activations this turn: </source>
        <translation>Активации в этом ходу: </translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>пока нет</translation>
    </message>
    <message>
        <source>turn done</source>
        <translation>ход сделан</translation>
    </message>
    <message>
        <source>let its slot go</source>
        <translation>пропустить его очередь</translation>
    </message>
    <message>
        <source>ambush sprung</source>
        <translation>засада сработала</translation>
    </message>
    <message>
        <source>{0} (passed by {1}, failed)</source>
        <translation>{0} (передал {1}, не вышло)</translation>
    </message>
    <message>
        <source>{0} (passed by {1})</source>
        <translation>{0} (передал {1})</translation>
    </message>
    <message>
        <source>Units of {0}</source>
        <translation>Отряды: {0}</translation>
    </message>
    <message>
        <source>All units</source>
        <translation>Все отряды</translation>
    </message>
    <message>
        <source>No game is open</source>
        <translation>Игра не открыта</translation>
    </message>
</context>
</TS>
