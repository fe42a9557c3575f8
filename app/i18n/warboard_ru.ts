<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Write your own rules</source>
        <translation>Напишите свои правила</translation>
    </message>
    <message>
        <source>&amp;Write your own rules…</source>
        <translation>&amp;Написать свои правила…</translation>
    </message>
    <message>
        <source>Open my rulesets folder</source>
        <translation>Открыть мою папку правил</translation>
    </message>
    <message>
        <source>The guide could not be read: {error}</source>
        <translation>Не удалось прочитать руководство: {error}</translation>
    </message>
    <message>
        <source>The rules were not read again, the last good ones stay: {problem}</source>
        <translation>Правила не перечитаны, остаются последние исправные: {problem}</translation>
    </message>
    <message>
        <source>Rules read again: {ruleset}</source>
        <translation>Правила перечитаны: {ruleset}</translation>
    </message>
    <message>
        <source>check: read a ruleset folder and report its problems; list: the rulesets found</source>
        <translation>check: прочитать папку правил и назвать её ошибки; list: найденные правила</translation>
    </message>
    <message>
        <source>the ruleset&apos;s folder (holding rules.toml)</source>
        <translation>папка правил (с файлом rules.toml)</translation>
    </message>
    <message>
        <source>{folder}: no {file} in this folder</source>
        <translation>{folder}: в этой папке нет {file}</translation>
    </message>
    <message>
        <source>{name}: {actions} actions, {profiles} profiles, {weapons} weapons — no problems found</source>
        <translation>{name}: действий {actions}, профилей {profiles}, оружия {weapons} — ошибок не найдено</translation>
    </message>
    <message>
        <source>refused: {problem}</source>
        <translation>отклонено: {problem}</translation>
    </message>
    <message>
        <source>check a house ruleset written as data, or list the rulesets found</source>
        <translation>проверить домашние правила, записанные данными, или перечислить найденные правила</translation>
    </message>
    <message>
        <source>ruleset check: the ruleset&apos;s FOLDER is required</source>
        <translation>ruleset check: нужна папка правил (FOLDER)</translation>
    </message>
    <message>
        <source>Moves by / kind</source>
        <translation>Сдвиг / вид</translation>
    </message>
    <message>
        <source>lay a photo of the real table under the board, to scale</source>
        <translation>положить фото настоящего стола под доску, в масштабе</translation>
    </message>
    <message>
        <source>where the markers lie: a layout&apos;s JSON file or a known board&apos;s name (default: sheet, the printed sheet&apos;s corners and edge middles; see docs/photo.md)</source>
        <translation>где лежат маркеры: файл JSON с раскладкой или имя известной доски (по умолчанию sheet — углы и середины краёв, как на листе; см. docs/photo.md)</translation>
    </message>
    <message>
        <source>a base at ({x}, {y}): no unit of its side and size</source>
        <translation>подставка в ({x}, {y}): нет отряда её стороны и размера</translation>
    </message>
    <message>
        <source>also list the bases and terrain the photo shows (not applied)</source>
        <translation>также перечислить подставки и местность на фото (не применяя)</translation>
    </message>
    <message>
        <source>expected units, terrain or both, got {got}</source>
        <translation>ожидалось units, terrain или оба, получено {got}</translation>
    </message>
    <message>
        <source>game file (.warboard)</source>
        <translation>файл игры (.warboard)</translation>
    </message>
    <message>
        <source>new terrain ({kind}, {area} sq in): {points}</source>
        <translation>новая местность ({kind}, {area} кв. дюйм.): {points}</translation>
    </message>
    <message>
        <source>photo of the table (PNG or JPEG)</source>
        <translation>фото стола (PNG или JPEG)</translation>
    </message>
    <message>
        <source>{file}: not a game file (.warboard): the picture is kept in the game file</source>
        <translation>{file}: не файл игры (.warboard): картинка хранится в файле игры</translation>
    </message>
    <message>
        <source>{file}: {n} markers, fitted within {rms}&quot; RMS (worst {worst}&quot;), laid under the board of {game}</source>
        <translation>{file}: маркеров — {n}, привязано с СКО {rms}&quot; (худшее {worst}&quot;), положено под доску {game}</translation>
    </message>
    <message>
        <source>{unit}: its base is at ({x}, {y}), {moves}&quot; from the board&apos;s place</source>
        <translation>{unit}: подставка в ({x}, {y}), в {moves}&quot; от места на доске</translation>
    </message>
    <message>
        <source>A photo after a turn: the units whose bases moved, to accept or reject</source>
        <translation>Фото после хода: отряды, чьи подставки сдвинулись, — принять или отклонить</translation>
    </message>
    <message>
        <source>Accept checked</source>
        <translation>Принять отмеченное</translation>
    </message>
    <message>
        <source>Bases and terrain seen on the photo just imported, to accept, move or dismiss</source>
        <translation>Подставки и местность, увиденные на только что загруженном фото, — принять, сдвинуть или отбросить</translation>
    </message>
    <message>
        <source>Check what to take over: a base moves its unit there, an outline becomes a terrain piece. Type another x or y to move a suggestion; all checked ones are one undo step.</source>
        <translation>Отметьте, что перенести: подставка переставляет туда свой отряд, контур становится элементом местности. Впишите другой x или y, чтобы сдвинуть предложение; всё отмеченное — один шаг отмены.</translation>
    </message>
    <message>
        <source>Moves by</source>
        <translation>Сдвиг</translation>
    </message>
    <message>
        <source>Moves from the new photo</source>
        <translation>Перемещения по новому фото</translation>
    </message>
    <message>
        <source>New terrain: {kind}, {area} sq in</source>
        <translation>Новая местность: {kind}, {area} кв. дюйм.</translation>
    </message>
    <message>
        <source>Nothing to suggest from the photo</source>
        <translation>По фото предложить нечего</translation>
    </message>
    <message>
        <source>Re-sync from a new photo…</source>
        <translation>Сверить по новому фото…</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Предложение</translation>
    </message>
    <message>
        <source>Suggestions from the photo</source>
        <translation>Предложения по фото</translation>
    </message>
    <message>
        <source>Suggestions from the photo…</source>
        <translation>Предложения по фото…</translation>
    </message>
    <message>
        <source>Units whose base moved since the board was last set. Uncheck a move to reject it; all checked ones are one undo step.</source>
        <translation>Отряды, чьи подставки сдвинулись с последней расстановки доски. Снимите отметку, чтобы отклонить перемещение; всё отмеченное — один шаг отмены.</translation>
    </message>
    <message>
        <source>x, in</source>
        <translation>x, дюйм.</translation>
    </message>
    <message>
        <source>y, in</source>
        <translation>y, дюйм.</translation>
    </message>
    <message>
        <source>{unit} ({side})</source>
        <translation>{unit} ({side})</translation>
    </message>
    <message>
        <source>Warboard marker sheet {page}/{pages}. Print at 100 % (no fitting to the page), cut along the grey lines, lay each piece with its writing at the bottom: corner pieces on the table&apos;s corners, edge pieces on the middle of each edge.</source>
        <translation>Лист маркеров Warboard {page}/{pages}. Печатайте в масштабе 100 % (без подгонки под страницу), разрежьте по серым линиям, кладите каждый кусок надписью вниз: угловые — на углы стола, краевые — на середину каждого края.</translation>
    </message>
    <message>
        <source>A photo of the real table with the printed markers at its corners: straightened and laid at true scale</source>
        <translation>Фото настоящего стола с напечатанными маркерами по углам: выпрямляется и кладётся в истинном масштабе</translation>
    </message>
    <message>
        <source>Marker sheet written to {file} ({pages} pages): print it at 100 %.</source>
        <translation>Лист маркеров записан в {file} (страниц: {pages}): печатайте в масштабе 100 %.</translation>
    </message>
    <message>
        <source>Marker sheet</source>
        <translation>Лист маркеров</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Photo of the table with markers…</source>
        <translation>Фото стола с маркерами…</translation>
    </message>
    <message>
        <source>Photo of the table</source>
        <translation>Фото стола</translation>
    </message>
    <message>
        <source>Print marker sheet…</source>
        <translation>Напечатать лист маркеров…</translation>
    </message>
    <message>
        <source>Where the markers in the photo lie: the printed sheet, a known board, or a layout file</source>
        <translation>Где лежат маркеры на фото: напечатанный лист, известная доска или файл раскладки</translation>
    </message>
    <message>
        <source>Layout file…</source>
        <translation>Файл раскладки…</translation>
    </message>
    <message>
        <source>Markers</source>
        <translation>Маркеры</translation>
    </message>
    <message>
        <source>Marker layout</source>
        <translation>Раскладка маркеров</translation>
    </message>
    <message>
        <source>Marker layouts (*.json)</source>
        <translation>Раскладки маркеров (*.json)</translation>
    </message>
    <message>
        <source>Reading the photo of the table…</source>
        <translation>Читаю фото стола…</translation>
    </message>
    <message>
        <source>Table photo</source>
        <translation>Фото стола</translation>
    </message>
    <message>
        <source>Warboard marker sheet</source>
        <translation>Лист маркеров Warboard</translation>
    </message>
    <message>
        <source>could not start painting (is the output file writable?)</source>
        <translation>не удалось начать рисование (можно ли писать в выходной файл?)</translation>
    </message>
    <message>
        <source>{file}: {n} markers, fitted within {rms}&quot; RMS (worst {worst}&quot;).</source>
        <translation>{file}: маркеров — {n}, привязано с СКО {rms}&quot; (худшее {worst}&quot;).</translation>
    </message>
    <message>
        <source>On the table&apos;s corners</source>
        <translation>По углам стола</translation>
    </message>
    <message>
        <source>Table picture on the table&apos;s corners</source>
        <translation>Картинка стола по углам стола</translation>
    </message>
    <message>
        <source>A forum map or a scan: placed on the table, then to scale</source>
        <translation>Карта с форума или скан: кладётся на стол, затем в масштаб</translation>
    </message>
    <message>
        <source>An image under the board: a map or a photo of the real table, to scale</source>
        <translation>Изображение под доской: карта или фото настоящего стола, в масштабе</translation>
    </message>
    <message>
        <source>Click two points on the picture a known distance apart (Esc: cancel)</source>
        <translation>Щёлкните две точки на картинке на известном расстоянии друг от друга (Esc — отмена)</translation>
    </message>
    <message>
        <source>Click two points on the picture a known distance apart.</source>
        <translation>Щёлкните две точки на картинке на известном расстоянии друг от друга.</translation>
    </message>
    <message>
        <source>Click two points on the picture, then give the real distance between them</source>
        <translation>Щёлкните две точки на картинке, затем укажите настоящее расстояние между ними</translation>
    </message>
    <message>
        <source>Fit to the table</source>
        <translation>Вписать в стол</translation>
    </message>
    <message>
        <source>Fitted to the markers within {rms}&quot; (RMS).</source>
        <translation>Привязано к маркерам с точностью {rms}&quot; (СКО).</translation>
    </message>
    <message>
        <source>Image or map…</source>
        <translation>Изображение или карта…</translation>
    </message>
    <message>
        <source>Images ({patterns})</source>
        <translation>Изображения ({patterns})</translation>
    </message>
    <message>
        <source>No picture under the board.</source>
        <translation>Под доской нет картинки.</translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation>Непрозрачность</translation>
    </message>
    <message>
        <source>Scale by two points…</source>
        <translation>Масштаб по двум точкам…</translation>
    </message>
    <message>
        <source>Show the picture</source>
        <translation>Показывать картинку</translation>
    </message>
    <message>
        <source>&amp;Table picture…</source>
        <translation>Карт&amp;инка стола…</translation>
    </message>
    <message>
        <source>Table picture fitted to the table</source>
        <translation>Картинка стола вписана в стол</translation>
    </message>
    <message>
        <source>Table picture hidden</source>
        <translation>Картинка стола скрыта</translation>
    </message>
    <message>
        <source>Table picture opacity</source>
        <translation>Непрозрачность картинки стола</translation>
    </message>
    <message>
        <source>Table picture removed</source>
        <translation>Картинка стола убрана</translation>
    </message>
    <message>
        <source>Table picture scale</source>
        <translation>Масштаб картинки стола</translation>
    </message>
    <message>
        <source>Table picture scaled</source>
        <translation>Картинка стола в масштабе</translation>
    </message>
    <message>
        <source>Table picture shown</source>
        <translation>Картинка стола показана</translation>
    </message>
    <message>
        <source>Table picture</source>
        <translation>Картинка стола</translation>
    </message>
    <message>
        <source>The real distance between the two points, inches (now {now}&quot;):</source>
        <translation>Настоящее расстояние между двумя точками, дюймы (сейчас {now}&quot;):</translation>
    </message>
    <message>
        <source>There is no table picture to scale</source>
        <translation>Нет картинки стола, чтобы задать масштаб</translation>
    </message>
    <message>
        <source>{file}: the image cannot be decoded</source>
        <translation>{file}: изображение не декодируется</translation>
    </message>
    <message>
        <source>{file}: {why}</source>
        <translation>{file}: {why}</translation>
    </message>
    <message>
        <source>{w} × {h} pixels, covering {cw}&quot; × {ch}&quot; of the table.</source>
        <translation>{w} × {h} пикселей, покрывает {cw}&quot; × {ch}&quot; стола.</translation>
    </message>
    <message>
        <source>Check Game</source>
        <translation>Проверка партии</translation>
    </message>
    <message>
        <source>{file}: no problems found.</source>
        <translation>{file}: проблем не найдено.</translation>
    </message>
    <message>
        <source>{file}: problems found.</source>
        <translation>{file}: найдены проблемы.</translation>
    </message>
    <message>
        <source>Open the last good backup ({name})</source>
        <translation>Открыть последнюю целую копию ({name})</translation>
    </message>
    <message>
        <source>The game has no file yet: save it first.</source>
        <translation>У партии ещё нет файла: сначала сохраните её.</translation>
    </message>
    <message>
        <source>Chec&amp;k Game…</source>
        <translation>Пр&amp;оверить партию…</translation>
    </message>
    <message>
        <source>Check the game file: integrity, schema, roll log, sealed rolls, stray files</source>
        <translation>Проверить файл партии: целостность, схему, журнал бросков, запечатанные броски, лишние файлы</translation>
    </message>
    <message>
        <source>Last folder</source>
        <translation>Последняя папка</translation>
    </message>
    <message>
        <source>Settings not saved</source>
        <translation>Настройки не сохранены</translation>
    </message>
    <message>
        <source>These settings apply now but could not be saved for the next start: {keys}. The settings file {file} cannot be written (is its folder read-only or missing?).</source>
        <translation>Эти настройки действуют сейчас, но не сохранены до следующего запуска: {keys}. Файл настроек {file} недоступен для записи (его папка только для чтения или отсутствует?).</translation>
    </message>
    <message>
        <source>AP left</source>
        <translation>ОД осталось</translation>
    </message>
    <message>
        <source>AP spent</source>
        <translation>ОД потрачено</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Действия</translation>
    </message>
    <message>
        <source>Activated</source>
        <translation>Активирован</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Положено</translation>
    </message>
    <message>
        <source>May act</source>
        <translation>Может действовать</translation>
    </message>
    <message>
        <source>Passed action</source>
        <translation>Переданное действие</translation>
    </message>
    <message>
        <source>Next activation</source>
        <translation>Следующая активация</translation>
    </message>
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
        <source>the ruleset&apos;s die per side</source>
        <translation>куб правил для каждой стороны</translation>
    </message>
    <message>
        <source>initiative {0} {1}</source>
        <translation>инициатива {0} {1}</translation>
    </message>
    <message>
        <source>&amp;Turn</source>
        <translation>&amp;Ход</translation>
    </message>
    <message>
        <source>labels: expected one of {modes}, got {got!r}</source>
        <extracomment>Forum posts: wide enough to read a name, small enough to upload. Nice lengths for the scale bar, inches.</extracomment>
        <translation>labels: ожидалось одно из: {modes}, получено {got!r}</translation>
    </message>
    <message>
        <source>width: expected {least}–{most} px, got {got}</source>
        <translation>width: ожидалось {least}–{most} пикс., получено {got}</translation>
    </message>
    <message>
        <source>{flag}: no unit with id {id!r} on the table</source>
        <translation>{flag}: на столе нет отряда с id {id!r}</translation>
    </message>
    <message>
        <source>picture: no table to draw</source>
        <translation>картинка: нечего рисовать, стола нет</translation>
    </message>
    <message>
        <source>A picture of the table made by Warboard</source>
        <translation>Картинка стола, сделанная в Warboard</translation>
    </message>
    <message>
        <source>picture: {size} bytes as PNG, above {limit}; ask for a smaller --width or an area</source>
        <translation>картинка: {size} байт в PNG — больше {limit}; задайте меньшую --width или часть стола</translation>
    </message>
    <message>
        <source>output: expected a .png or .svg file name, got {got!r}</source>
        <translation>output: ожидалось имя файла .png или .svg, получено {got!r}</translation>
    </message>
    <message>
        <source>{file}: cannot write ({why})</source>
        <translation>{file}: не удаётся записать ({why})</translation>
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
        <source>--ap: needs --reach UNIT</source>
        <translation>--ap: нужно --reach ОТРЯД</translation>
    </message>
    <message>
        <source>--ap: expected 1 or more, got {got}</source>
        <translation>--ap: ожидалось 1 или больше, получено {got}</translation>
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
        <source>--measure: A and B are the same unit</source>
        <translation>--measure: A и B — один и тот же отряд</translation>
    </message>
    <message>
        <source>--template: a flamer is laid from a unit; use `warboard template` for its figures</source>
        <translation>--template: огнемётный шаблон кладут от отряда; его цифры даёт `warboard template`</translation>
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
        <source>No such file</source>
        <extracomment>How long Save, Close and Open wait for the autosaver to finish writing. How soon after a change the controller looks whether its autosave failed. The message box title for each kind of refused game file (GameFileError.kind). (English, marked for translation: shown through tr())</extracomment>
        <translation>Нет такого файла</translation>
    </message>
    <message>
        <source>Not a Warboard game file</source>
        <translation>Это не файл игры Warboard</translation>
    </message>
    <message>
        <source>The game file is damaged</source>
        <translation>Файл игры повреждён</translation>
    </message>
    <message>
        <source>Not a Warboard game</source>
        <translation>Это не игра Warboard</translation>
    </message>
    <message>
        <source>Made by a newer Warboard</source>
        <translation>Сделано более новой версией Warboard</translation>
    </message>
    <message>
        <source>The game file holds a bad value</source>
        <translation>В файле игры неверное значение</translation>
    </message>
    <message>
        <source>The file holds another game</source>
        <translation>В файле другая игра</translation>
    </message>
    <message>
        <source>Not a valid scenario file</source>
        <translation>Неправильный файл сценария</translation>
    </message>
    <message>
        <source>The file was left as it was; the game on the board is still open.</source>
        <translation>Файл оставлен как был; игра на столе по-прежнему открыта.</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Новая игра</translation>
    </message>
    <message>
        <source>A blank table</source>
        <translation>Пустой стол</translation>
    </message>
    <message>
        <source>{name} ({id})</source>
        <translation>{name} ({id})</translation>
    </message>
    <message>
        <source> m per inch</source>
        <translation> м на дюйм</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Ширина</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Высота</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>Правила</translation>
    </message>
    <message>
        <source>Ground scale</source>
        <translation>Масштаб местности</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <extracomment>with `demo`: which shipped scenario (resources/scenarios); None = the demo What the open game&apos;s log chain reported when it was opened (engine.log_chain).</extracomment>
        <translation>&amp;Новая…</translation>
    </message>
    <message>
        <source>A blank table or the demo</source>
        <translation>Пустой стол или демонстрационный</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>Open a .warboard game or a scenario .json</source>
        <translation>Открыть игру .warboard или сценарий .json</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Save the game into its .warboard file</source>
        <translation>Сохранить игру в её файл .warboard</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Сохранить &amp;как…</translation>
    </message>
    <message>
        <source>Save the game into a new .warboard file</source>
        <translation>Сохранить игру в новый файл .warboard</translation>
    </message>
    <message>
        <source>&amp;Import Scenario JSON…</source>
        <translation>&amp;Импорт сценария JSON…</translation>
    </message>
    <message>
        <source>Start a game on a scenario .json</source>
        <translation>Начать игру по сценарию .json</translation>
    </message>
    <message>
        <source>&amp;Export Scenario JSON…</source>
        <translation>&amp;Экспорт сценария JSON…</translation>
    </message>
    <message>
        <source>Write the table as a scenario .json</source>
        <translation>Записать стол сценарием .json</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Недавние</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(пока нет)</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Очистить список</translation>
    </message>
    <message>
        <source>Autosave failed: {0}</source>
        <translation>Автосохранение не удалось: {0}</translation>
    </message>
    <message>
        <source>Autosave failed</source>
        <translation>Автосохранение не удалось</translation>
    </message>
    <message>
        <source>{0}

The last changes may not be in the file.</source>
        <translation>{0}

Последних изменений может не быть в файле.</translation>
    </message>
    <message>
        <source>Could not start a new game</source>
        <translation>Не удалось начать новую игру</translation>
    </message>
    <message>
        <source>Open a game or scenario</source>
        <translation>Открыть игру или сценарий</translation>
    </message>
    <message>
        <source>Import a scenario</source>
        <translation>Импорт сценария</translation>
    </message>
    <message>
        <source>Opened {0}</source>
        <translation>Открыто: {0}</translation>
    </message>
    <message>
        <source>{0}: the roll log was altered outside Warboard</source>
        <translation>{0}: журнал бросков изменён вне Warboard</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Не удалось открыть игру</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>Не удалось сохранить игру</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>Сохранено: {0}</translation>
    </message>
    <message>
        <source>Save the game as</source>
        <translation>Сохранить игру как</translation>
    </message>
    <message>
        <source>Export the scenario</source>
        <translation>Экспорт сценария</translation>
    </message>
    <message>
        <source>Could not export the scenario</source>
        <translation>Не удалось экспортировать сценарий</translation>
    </message>
    <message>
        <source>Exported {0}</source>
        <translation>Экспортировано: {0}</translation>
    </message>
    <message>
        <source>{0}

Leave the game anyway? The last changes may be lost.</source>
        <translation>{0}

Всё равно закрыть игру? Последние изменения могут пропасть.</translation>
    </message>
    <message>
        <source>Save the game?</source>
        <translation>Сохранить игру?</translation>
    </message>
    <message>
        <source>“{0}” has changes that are in no file. Save them?</source>
        <translation>В «{0}» есть изменения, которых нет ни в одном файле. Сохранить их?</translation>
    </message>
    <message>
        <source> px</source>
        <translation> пикс.</translation>
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
        <source>a face of the {die}, 1–{sides}</source>
        <translation>грань {die}, 1–{sides}</translation>
    </message>
    <message>
        <source>App dice</source>
        <translation>Кубы программы</translation>
    </message>
    <message>
        <source>Enter dice</source>
        <translation>Ввести кубы</translation>
    </message>
    <message>
        <source>The generator&apos;s seed: the same seed replays the same roll</source>
        <translation>Зерно генератора: то же зерно повторяет тот же бросок</translation>
    </message>
    <message>
        <source>New seed</source>
        <extracomment>The player typed the seed (it was not the app&apos;s draw): the log marks it chosen.</extracomment>
        <translation>Новое зерно</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Бросить</translation>
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
        <source>Verified: the hash chain, every sealed roll and the game state hold.</source>
        <translation>Проверено: цепочка хешей, каждый запечатанный бросок и состояние игры в порядке.</translation>
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
        <translation>Опубликуйте это до игры; раскройте зерно в конце.

Обязательство (SHA-256 от зерна и id игры):
{c}

Id игры: {g}</translation>
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
        <source>Bold (shows on every forum)</source>
        <translation>Жирный (виден на любом форуме)</translation>
    </message>
    <message>
        <source>Size 150% (phpBB, Discourse)</source>
        <translation>Размер 150% (phpBB, Discourse)</translation>
    </message>
    <message>
        <source>Size 1–7 (vBulletin, XenForo, MyBB)</source>
        <translation>Размер 1–7 (vBulletin, XenForo, MyBB)</translation>
    </message>
    <message>
        <source>How the post&apos;s headings are marked: bold shows on every forum; a forum that refuses [size=150] takes sizes 1–7</source>
        <translation>Как выделены заголовки сообщения: жирный виден на любом форуме; форум, который не принимает размер 150%, берёт размеры 1–7</translation>
    </message>
    <message>
        <source>Headings</source>
        <translation>Заголовки</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>Show only the entries about one unit</source>
        <translation>Показывать только записи об одном отряде</translation>
    </message>
    <message>
        <source>Show only the entries of one turn</source>
        <translation>Показывать только записи одного хода</translation>
    </message>
    <message>
        <source>Unit</source>
        <extracomment>The command tree&apos;s columns (structures with passed actions).</extracomment>
        <translation>Отряд</translation>
    </message>
    <message>
        <source>Turn</source>
        <extracomment>the column heads as shown (COLUMNS stay the English keys the code and tests use)</extracomment>
        <translation>Ход</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Исполнитель</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Цель</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>resolution</source>
        <translation>разрешение</translation>
    </message>
    <message>
        <source>measurement</source>
        <translation>замер</translation>
    </message>
    <message>
        <source>template</source>
        <translation>шаблон</translation>
    </message>
    <message>
        <source>{seq}. Turn {turn} · {kind} · {who} · {action}</source>
        <extracomment>Columns whose text can run long start at these widths (pixels); the user may drag them. The text colour of rolls that were not applied.</extracomment>
        <translation>{seq}. Ход {turn} · {kind} · {who} · {action}</translation>
    </message>
    <message>
        <source>dice: {0}</source>
        <translation>кубы: {0}</translation>
    </message>
    <message>
        <source>Choose an entry to read it in full</source>
        <translation>Выберите запись, чтобы прочитать её целиком</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Сохранить…</translation>
    </message>
    <message>
        <source>Save the entries shown as a text file</source>
        <translation>Сохранить показанные записи текстовым файлом</translation>
    </message>
    <message>
        <source>All units</source>
        <translation>Все отряды</translation>
    </message>
    <message>
        <source>All turns</source>
        <translation>Все ходы</translation>
    </message>
    <message>
        <source>Turn {0}</source>
        <translation>Ход {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n запись</numerusform>
            <numerusform>%n записи</numerusform>
            <numerusform>%n записей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} of %n entries</source>
        <translation>
            <numerusform>{0} из %n записи</numerusform>
            <numerusform>{0} из %n записей</numerusform>
            <numerusform>{0} из %n записей</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the log as text</source>
        <translation>Сохранить журнал текстом</translation>
    </message>
    <message>
        <source>Could not save the log</source>
        <translation>Не удалось сохранить журнал</translation>
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
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Inches and metres</source>
        <translation>Дюймы и метры</translation>
    </message>
    <message>
        <source>Inches</source>
        <translation>Дюймы</translation>
    </message>
    <message>
        <source>Metres</source>
        <translation>Метры</translation>
    </message>
    <message>
        <source>Enter dice (physical dice)</source>
        <translation>Ввод кубов (настоящие кубы)</translation>
    </message>
    <message>
        <source>The ruleset&apos;s own</source>
        <translation>Как в правилах</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Distances shown</source>
        <translation>Расстояния показывать в</translation>
    </message>
    <message>
        <source>Dice to start with</source>
        <translation>Кубы по умолчанию</translation>
    </message>
    <message>
        <source>Ground scale of a new table</source>
        <translation>Масштаб нового стола</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Тема</translation>
    </message>
    <message>
        <source>Backups kept beside a game</source>
        <translation>Резервных копий рядом с игрой</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
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
        <source>x {x}&quot;  y {y}&quot;</source>
        <extracomment>How long the held-back modules are installed for in one turn of the event loop after the first paint before the loop gets a turn (half a 60 Hz frame).</extracomment>
        <translation>x {x}&quot;  y {y}&quot;</translation>
    </message>
    <message>
        <source>x {xm} m  y {ym} m</source>
        <translation>x {xm} м  y {ym} м</translation>
    </message>
    <message>
        <source>x {x}&quot;  y {y}&quot;  ({xm} m, {ym} m)</source>
        <translation>x {x}&quot;  y {y}&quot;  ({xm} м, {ym} м)</translation>
    </message>
    <message>
        <source>{ruleset}   1&quot; = {scale} m   table {w}&quot; × {h}&quot;</source>
        <translation>{ruleset}   1&quot; = {scale} м   стол {w}&quot; × {h}&quot;</translation>
    </message>
    <message>
        <source>{name} — {kind}</source>
        <extracomment>Room around an item&apos;s outline for its cosmetic (pixel-wide) pens, in inches.</extracomment>
        <translation>{name} — {kind}</translation>
    </message>
    <message>
        <source>{unit} — {profile} ({side})</source>
        <extracomment>Which way the row grows from its anchor corner, by corner: (x sign, y sign). Made on the first marker, so a board without markers carries no extra items. The ruleset&apos;s badges for a unit&apos;s state (the scene sets it: it knows the rules).</extracomment>
        <translation>{unit} — {profile} ({side})</translation>
    </message>
    <message>
        <source>Print preview — unit cards</source>
        <translation>Предпросмотр печати — карточки отрядов</translation>
    </message>
    <message>
        <source>building</source>
        <extracomment>QSettings key of the chosen language (&quot;en&quot;, &quot;ru&quot;; absent or &quot;system&quot;: follow the system) names of the languages in their own tongue (the Settings dialog&apos;s choices) environment variable naming a folder holding warboard_&lt;lang&gt;.qm (tests, portable builds) Words the app shows through tr(variable), marked here so lupdate lists them: the terrain kinds of geometry.terrain, the sides of the facts, the compass edges.</extracomment>
        <translation>здание</translation>
    </message>
    <message>
        <source>woods</source>
        <translation>лес</translation>
    </message>
    <message>
        <source>hill</source>
        <translation>холм</translation>
    </message>
    <message>
        <source>wall</source>
        <translation>стена</translation>
    </message>
    <message>
        <source>hedge</source>
        <translation>живая изгородь</translation>
    </message>
    <message>
        <source>trench</source>
        <translation>траншея</translation>
    </message>
    <message>
        <source>fortification</source>
        <translation>укрепление</translation>
    </message>
    <message>
        <source>rough</source>
        <translation>пересечённая местность</translation>
    </message>
    <message>
        <source>crops</source>
        <translation>посевы</translation>
    </message>
    <message>
        <source>water</source>
        <translation>вода</translation>
    </message>
    <message>
        <source>road</source>
        <translation>дорога</translation>
    </message>
    <message>
        <source>railway</source>
        <translation>железная дорога</translation>
    </message>
    <message>
        <source>rect</source>
        <translation>прямоуг.</translation>
    </message>
    <message>
        <source>round</source>
        <translation>круглая</translation>
    </message>
    <message>
        <source>shipped with Warboard</source>
        <translation>поставляется с Warboard</translation>
    </message>
    <message>
        <source>shipped, edited by you</source>
        <translation>из поставки, изменено вами</translation>
    </message>
    <message>
        <source>your own</source>
        <translation>ваше</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Несохранённые изменения</translation>
    </message>
    <message>
        <source>{name} has changes that are not saved.</source>
        <translation>В записи «{name}» есть несохранённые изменения.</translation>
    </message>
    <message>
        <source>Unit library</source>
        <translation>Библиотека отрядов</translation>
    </message>
    <message>
        <source>Search by name or id…</source>
        <translation>Поиск по имени или id…</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>Import faction…</source>
        <translation>Импорт фракции…</translation>
    </message>
    <message>
        <source>Export faction…</source>
        <translation>Экспорт фракции…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Duplicate…</source>
        <translation>Дублировать…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Print card…</source>
        <translation>Печать карточки…</translation>
    </message>
    <message>
        <source>{kind} ({n})</source>
        <translation>{kind} ({n})</translation>
    </message>
    <message>
        <source>{kind} · {id} · faction {faction} · {origin}</source>
        <translation>{kind} · {id} · фракция {faction} · {origin}</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Сохранено.</translation>
    </message>
    <message>
        <source>Delete {0}?</source>
        <translation>Удалить {0}?</translation>
    </message>
    <message>
        <source>Select a faction (or one of its records) to export.</source>
        <translation>Выберите фракцию (или одну из её записей) для экспорта.</translation>
    </message>
    <message>
        <source>Export faction</source>
        <translation>Экспорт фракции</translation>
    </message>
    <message>
        <source>Faction (*.json)</source>
        <translation>Фракция (*.json)</translation>
    </message>
    <message>
        <source>Exported to {0}.</source>
        <translation>Экспортировано в {0}.</translation>
    </message>
    <message>
        <source>Import faction</source>
        <translation>Импорт фракции</translation>
    </message>
    <message>
        <source>Faction (*.json);;All files (*)</source>
        <translation>Фракция (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>{0}

Replace the library&apos;s records?</source>
        <translation>{0}

Заменить записи библиотеки?</translation>
    </message>
    <message>
        <source>Imported {faction}: {added} added, {replaced} replaced, {unchanged} unchanged.</source>
        <translation>Импортировано {faction}: добавлено {added}, заменено {replaced}, без изменений {unchanged}.</translation>
    </message>
    <message>
        <source>Print unit cards</source>
        <translation>Печать карточек отрядов</translation>
    </message>
    <message>
        <source>Open a game or scenario first.</source>
        <translation>Сначала откройте игру или сценарий.</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>&amp;Библиотека</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Ростеры</translation>
    </message>
    <message>
        <source>Unit &amp;library…</source>
        <translation>&amp;Библиотека отрядов…</translation>
    </message>
    <message>
        <source>&amp;Rosters…</source>
        <translation>&amp;Ростеры…</translation>
    </message>
    <message>
        <source>&amp;Print unit cards…</source>
        <translation>&amp;Печать карточек отрядов…</translation>
    </message>
    <message>
        <source>The acting unit (or select it on the board)</source>
        <extracomment>the group selected on the board (app.groups), the first choice of a group role (resolution, its log positions, seed, chosen) of the last app roll shown.</extracomment>
        <translation>Действующий отряд (или выберите его на столе)</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Facts from the board</source>
        <translation>Замеры со стола</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Кубы</translation>
    </message>
    <message>
        <source>&lt;b&gt;Steps&lt;/b&gt;</source>
        <translation>&lt;b&gt;Шаги&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Применить</translation>
    </message>
    <message>
        <source>Apply the effects as one undoable change and log it</source>
        <translation>Применить последствия одним отменяемым изменением и записать в журнал</translation>
    </message>
    <message>
        <source>Copy BBCode</source>
        <translation>Копировать BBCode</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>Копировать Markdown</translation>
    </message>
    <message>
        <source>(select a unit on the board)</source>
        <extracomment>The action&apos;s notes at this context (Action.notes: a resource not used yet …).</extracomment>
        <translation>(выберите отряд на столе)</translation>
    </message>
    <message>
        <source>The pick tool is not installed: choose from the list instead</source>
        <translation>Инструмент выбора не установлен: выберите из списка</translation>
    </message>
    <message>
        <source>Choose the {role} for {action}</source>
        <translation>Выберите: {role} — для действия «{action}»</translation>
    </message>
    <message>
        <source>Not possible: {0}</source>
        <translation>Невозможно: {0}</translation>
    </message>
    <message>
        <source>Not now: {0}</source>
        <translation>Сейчас нельзя: {0}</translation>
    </message>
    <message>
        <source>Ready now: {0}.</source>
        <translation>Сейчас можно: {0}.</translation>
    </message>
    <message>
        <source>{title} ({count})</source>
        <translation>{title} ({count})</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Во весь экран</translation>
    </message>
    <message>
        <source>All dice entered.</source>
        <translation>Все кубы введены.</translation>
    </message>
    <message>
        <source>No dice needed.</source>
        <translation>Кубы не нужны.</translation>
    </message>
    <message>
        <source>{action} ({actor}): {summary}</source>
        <translation>{action} ({actor}): {summary}</translation>
    </message>
    <message>
        <source>Nothing to apply: roll or enter every die first.</source>
        <translation>Нечего применять: сначала бросьте или введите все кубы.</translation>
    </message>
    <message>
        <source>Could not apply: {0}</source>
        <translation>Не удалось применить: {0}</translation>
    </message>
    <message>
        <source>Applied: {0} (Edit ▸ Undo takes it back)</source>
        <translation>Применено: {0} (Правка ▸ Отменить вернёт назад)</translation>
    </message>
    <message>
        <source>Copied as BBCode.</source>
        <translation>Скопировано как BBCode.</translation>
    </message>
    <message>
        <source>Copied as Markdown.</source>
        <translation>Скопировано как Markdown.</translation>
    </message>
    <message>
        <source>Enter {n} × {die} for {step}</source>
        <translation>Введите {n} × {die} для шага «{step}»</translation>
    </message>
    <message>
        <source>this action needs “{key}”, which the unit&apos;s profile or state does not have</source>
        <translation>этому действию нужно «{key}», а в профиле или состоянии отряда этого нет</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>&amp;Действия</translation>
    </message>
    <message>
        <source>not measured</source>
        <extracomment>Editor kind per declared fact type; any other type is a text field.</extracomment>
        <translation>не замерено</translation>
    </message>
    <message>
        <source>none</source>
        <extracomment>The cover levels&apos; names (engine.measure.COVER_NAMES), marked so lupdate lists them.</extracomment>
        <translation>нет</translation>
    </message>
    <message>
        <source>commander</source>
        <translation>командир</translation>
    </message>
    <message>
        <source>Notes</source>
        <extracomment>Fonts are sized for the device&apos;s resolution; the painter is scaled to points, so a font of n points is asked for as n × 72 / dpi.</extracomment>
        <translation>Заметки</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>{0} m</source>
        <translation>{0} м</translation>
    </message>
    <message>
        <source>ruleset-specific fact</source>
        <translation>замер по этим правилам</translation>
    </message>
    <message>
        <source>override</source>
        <translation>вручную</translation>
    </message>
    <message>
        <source>Use the value typed here instead of the board&apos;s</source>
        <translation>Использовать введённое здесь значение вместо замера со стола</translation>
    </message>
    <message>
        <source>No board facts for this action.</source>
        <translation>Этому действию не нужны замеры со стола.</translation>
    </message>
    <message>
        <source>to the target</source>
        <extracomment>Each modifier kind in words.</extracomment>
        <translation>к целевому числу</translation>
    </message>
    <message>
        <source>to the roll</source>
        <translation>к броску</translation>
    </message>
    <message>
        <source>die steps</source>
        <translation>ступени куба</translation>
    </message>
    <message>
        <source>The step it modifies</source>
        <translation>Шаг, который он меняет</translation>
    </message>
    <message>
        <source>why (smoke, GM ruling …)</source>
        <translation>почему (дым, решение ведущего …)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Добавить</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Убрать</translation>
    </message>
    <message>
        <source>agreed at the table</source>
        <translation>согласовано за столом</translation>
    </message>
    <message>
        <source>entered by hand</source>
        <translation>введено вручную</translation>
    </message>
    <message>
        <source>Odds</source>
        <translation>Шансы</translation>
    </message>
    <message>
        <source>Which figure of the action to chart</source>
        <translation>Какую величину действия показывать на графике</translation>
    </message>
    <message>
        <source>Choose a unit and an action to see the odds.</source>
        <translation>Выберите отряд и действие, чтобы увидеть шансы.</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>итог</translation>
    </message>
    <message>
        <source>exactly</source>
        <translation>ровно</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>вероятность</translation>
    </message>
    <message>
        <source>at least</source>
        <translation>не меньше</translation>
    </message>
    <message>
        <source>P(outcome ≥ this row&apos;s outcome)</source>
        <translation>P(итог ≥ итога этой строки)</translation>
    </message>
    <message>
        <source>Odds — {0}</source>
        <translation>Шансы — {0}</translation>
    </message>
    <message>
        <source>target</source>
        <extracomment>What a modifier of each kind (engine.options.MODIFIER_TARGETS) changes, in words.</extracomment>
        <translation>целевое число</translation>
    </message>
    <message>
        <source>roll</source>
        <extracomment>the kinds of log line (engine.gamefile_schema.log_kind), marked for translation</extracomment>
        <translation>бросок</translation>
    </message>
    <message>
        <source>dice in the pool</source>
        <translation>кубы в пуле</translation>
    </message>
    <message>
        <source>die step</source>
        <translation>ступень куба</translation>
    </message>
    <message>
        <source>PROPOSED</source>
        <translation>ПРЕДЛОЖЕНО</translation>
    </message>
    <message>
        <source>Our value: the rules text does not give this number</source>
        <translation>Наше значение: в тексте правил этого числа нет</translation>
    </message>
    <message>
        <source>value as modifier</source>
        <translation>значение как модификатор</translation>
    </message>
    <message>
        <source>No options for this action.</source>
        <translation>У этого действия нет параметров.</translation>
    </message>
    <message>
        <source>{option}: our default, not the rules&apos; ({reason})</source>
        <translation>{option}: наше умолчание, не из правил ({reason})</translation>
    </message>
    <message>
        <source>default: {0}</source>
        <translation>по умолчанию: {0}</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Игра</translation>
    </message>
    <message>
        <source>Open a game first</source>
        <translation>Сначала откройте игру</translation>
    </message>
    <message>
        <source>Rules readings</source>
        <translation>Толкования правил</translation>
    </message>
    <message>
        <source>Rules &amp;readings…</source>
        <translation>&amp;Толкования правил…</translation>
    </message>
    <message>
        <source>The ruleset&apos;s open points as this game reads them</source>
        <translation>Открытые места правил, как их толкует эта игра</translation>
    </message>
    <message>
        <source>Choose {role} for {action}</source>
        <extracomment>The height of a units list (about five rows; more scroll). request(mode, prompt, on_pick, exclude, chosen): asks the board (the pick tool) How an English role label that is a whole noun phrase already begins (&quot;the shooter&quot;, &quot;a fighter of the formation&quot;, &quot;his squad&quot;, &quot;where the group stands&quot;): the prompt for it puts no &quot;the&quot; of its own before it.</extracomment>
        <translation>Выберите: {role} — для действия «{action}»</translation>
    </message>
    <message>
        <source>Pick a member on board</source>
        <extracomment>the ids whose rows are ticked in `list` (rows are made unticked)</extracomment>
        <translation>Выбрать члена на столе</translation>
    </message>
    <message>
        <source>Pick on board</source>
        <translation>Выбрать на столе</translation>
    </message>
    <message>
        <source>Choose on the board</source>
        <translation>Выберите на столе</translation>
    </message>
    <message>
        <source>(the unit&apos;s own)</source>
        <translation>(своё у отряда)</translation>
    </message>
    <message>
        <source>Click the {0}</source>
        <translation>Щёлкните: {0}</translation>
    </message>
    <message>
        <source>Click the units (again to drop one)</source>
        <translation>Щёлкайте по отрядам (повторно — убрать)</translation>
    </message>
    <message>
        <source>Click a member of the group</source>
        <translation>Щёлкните по члену группы</translation>
    </message>
    <message>
        <source>Click the point</source>
        <translation>Щёлкните по точке</translation>
    </message>
    <message>
        <source> (required)</source>
        <extracomment>editors of roles not shown now, kept for when an action has that role again role name → (kind, value) chosen under earlier actions: an action that has a role of the same name and kind starts with it (aim, then fire at the same tank)</extracomment>
        <translation> (обязательно)</translation>
    </message>
    <message>
        <source>otherwise {0}</source>
        <translation>иначе {0}</translation>
    </message>
    <message>
        <source>read {0}:</source>
        <translation>читаем {0}:</translation>
    </message>
    <message>
        <source>needs {dice} {target}</source>
        <translation>нужно {dice} {target}</translation>
    </message>
    <message>
        <source>(to the roll)</source>
        <translation>(к броску)</translation>
    </message>
    <message>
        <source>(to the pool)</source>
        <translation>(к пулу)</translation>
    </message>
    <message>
        <source>Not possible:</source>
        <translation>Невозможно:</translation>
    </message>
    <message>
        <source>Next: {0} — enter the dice</source>
        <translation>Далее: {0} — введите кубы</translation>
    </message>
    <message>
        <source>Effects:</source>
        <translation>Последствия:</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Итог:</translation>
    </message>
    <message>
        <source>Roll or enter the dice to see the steps.</source>
        <translation>Бросьте или введите кубы, чтобы увидеть шаги.</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Сохранено</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Загрузить</translation>
    </message>
    <message>
        <source>Search the library…</source>
        <translation>Поиск в библиотеке…</translation>
    </message>
    <message>
        <source>Add to side →</source>
        <translation>Добавить стороне →</translation>
    </message>
    <message>
        <source>From the table</source>
        <translation>Со стола</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>Экспорт JSON…</translation>
    </message>
    <message>
        <source>Print cards…</source>
        <translation>Печать карточек…</translation>
    </message>
    <message>
        <source>{name}  ({kind}, {cost} pts)</source>
        <translation>{name}  ({kind}, {cost} очк.)</translation>
    </message>
    <message>
        <source>{name}  ({kind})</source>
        <translation>{name}  ({kind})</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Кол-во</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Очки</translation>
    </message>
    <message>
        <source>Select a record in the library list first.</source>
        <translation>Сначала выберите запись в списке библиотеки.</translation>
    </message>
    <message>
        <source>Choose a side to add to first.</source>
        <translation>Сначала выберите сторону.</translation>
    </message>
    <message>
        <source>0 removes the line</source>
        <translation>0 убирает линию</translation>
    </message>
    <message>
        <source>{0}: 0 points</source>
        <translation>{0}: 0 очков</translation>
    </message>
    <message>
        <source>No table is open.</source>
        <translation>Стол не открыт.</translation>
    </message>
    <message>
        <source>Export roster</source>
        <translation>Экспорт ростера</translation>
    </message>
    <message>
        <source>Roster (*.json)</source>
        <translation>Ростер (*.json)</translation>
    </message>
    <message>
        <source>&amp;Arcs of the selected unit</source>
        <extracomment>Radius of the hull sectors and of the turret arc, inches.</extracomment>
        <translation>&amp;Секторы выбранного отряда</translation>
    </message>
    <message>
        <source>Arcs</source>
        <translation>Секторы</translation>
    </message>
    <message>
        <source>Arcs overlay: front / side / rear sectors and turret arc (A)</source>
        <translation>Секторы: лоб / борт / корма и сектор башни (A)</translation>
    </message>
    <message>
        <source>click a unit to measure to it</source>
        <extracomment>A press and release closer than this (pixels) is a click, not a drag.</extracomment>
        <translation>щёлкните отряд, чтобы измерить до него</translation>
    </message>
    <message>
        <source>light</source>
        <translation>лёгкое</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>среднее</translation>
    </message>
    <message>
        <source>heavy</source>
        <translation>тяжёлое</translation>
    </message>
    <message>
        <source>edge {edge}   centre {centre}</source>
        <translation>от края {edge}   от центра {centre}</translation>
    </message>
    <message>
        <source>LOS {los}: {visible} visible</source>
        <translation>линия видимости {los}: видно {visible}</translation>
    </message>
    <message>
        <source>cover {level} ({name})</source>
        <translation>укрытие {level} ({name})</translation>
    </message>
    <message>
        <source>{unit} has no turret</source>
        <translation>у {unit} нет башни</translation>
    </message>
    <message>
        <source>in the turret arc of {unit}</source>
        <translation>в секторе башни {unit}</translation>
    </message>
    <message>
        <source>outside the turret arc of {unit}</source>
        <translation>вне сектора башни {unit}</translation>
    </message>
    <message>
        <source>strikes the {side} of {unit} · {arc}</source>
        <translation>попадание в {side}: {unit} · {arc}</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Замер</translation>
    </message>
    <message>
        <source>Measure between two units: click A then B, or drag A to B</source>
        <translation>Замер между двумя отрядами: щёлкните A, затем B, или протяните от A к B</translation>
    </message>
    <message>
        <source>out of range</source>
        <translation>вне дистанции</translation>
    </message>
    <message>
        <source>{weapon}: {band} at the edge distance</source>
        <translation>{weapon}: {band} по расстоянию от края</translation>
    </message>
    <message>
        <source>{unit} → point</source>
        <translation>{unit} → точка</translation>
    </message>
    <message>
        <source>ruler {length}</source>
        <translation>линейка {length}</translation>
    </message>
    <message>
        <source>Ruler</source>
        <translation>Линейка</translation>
    </message>
    <message>
        <source>Free ruler between any two points: click-click or drag</source>
        <translation>Свободная линейка между двумя точками: щелчок-щелчок или протяжка</translation>
    </message>
    <message>
        <source>Pick</source>
        <translation>Выбор</translation>
    </message>
    <message>
        <source>Pick a target, several units or a point for the action panel</source>
        <translation>Выбрать цель, несколько отрядов или точку для панели действий</translation>
    </message>
    <message>
        <source>Pick: choose Pick on the action panel first</source>
        <extracomment>the rings drawn round the chosen units: unit id → (its pose then, the ring)</extracomment>
        <translation>Выбор: сначала нажмите «Выбрать» на панели действия</translation>
    </message>
    <message>
        <source>(no unit there)</source>
        <translation>(здесь нет отряда)</translation>
    </message>
    <message>
        <source>{n} chosen — Enter or right click when done</source>
        <translation>выбрано: {n} — Enter или правый щелчок, когда готово</translation>
    </message>
    <message>
        <source>&amp;Rotate selected</source>
        <extracomment>Where the hull handle sits beyond the base&apos;s front edge, and how big the knobs are. A press this close (pixels) to a knob grabs it.</extracomment>
        <translation>&amp;Повернуть выбранный</translation>
    </message>
    <message>
        <source>Turn hull {0}° clockwise</source>
        <translation>Повернуть корпус на {0}° по часовой</translation>
    </message>
    <message>
        <source>Turn hull {0}° anticlockwise</source>
        <translation>Повернуть корпус на {0}° против часовой</translation>
    </message>
    <message>
        <source>Turn {unit} {delta}° (to {new}°)</source>
        <translation>Поворот: {unit} {delta}° (до {new}°)</translation>
    </message>
    <message>
        <source>Turn {unit} turret {delta}° (to {new}°)</source>
        <translation>Поворот башни: {unit} {delta}° (до {new}°)</translation>
    </message>
    <message>
        <source>Turn turret {0}° clockwise</source>
        <translation>Повернуть башню на {0}° по часовой</translation>
    </message>
    <message>
        <source>Turn turret {0}° anticlockwise</source>
        <translation>Повернуть башню на {0}° против часовой</translation>
    </message>
    <message>
        <source>facing {deg}°</source>
        <translation>направление {deg}°</translation>
    </message>
    <message>
        <source>turret {deg}° from hull</source>
        <translation>башня {deg}° от корпуса</translation>
    </message>
    <message>
        <source>Drag to turn the hull</source>
        <translation>Тяните, чтобы повернуть корпус</translation>
    </message>
    <message>
        <source>Drag to turn the turret</source>
        <translation>Тяните, чтобы повернуть башню</translation>
    </message>
    <message>
        <source>Move {name} {distance}&quot;</source>
        <extracomment>The allowance used when the ruleset&apos;s data does not give one (inches, toolbar setting). On a table of more units than this the reach area of a drag is worked out on a worker thread and drawn when it arrives (a few tens of ms later); the drag&apos;s first move only moves the unit (the threat and template tools do the same past their WORKER_FROM).</extracomment>
        <translation>Перемещение {name} {distance}&quot;</translation>
    </message>
    <message>
        <source>Move {count} units {distance}&quot;</source>
        <translation>Перемещение группы ({count}) {distance}&quot;</translation>
    </message>
    <message>
        <source>Properties…</source>
        <translation>Свойства…</translation>
    </message>
    <message>
        <source>Remove {unit}</source>
        <translation>Убрать {unit}</translation>
    </message>
    <message>
        <source>(none it can take now)</source>
        <translation>(сейчас ему нечего сделать)</translation>
    </message>
    <message>
        <source>Removed {unit} (Ctrl+Z brings it back)</source>
        <translation>Убран {unit} (Ctrl+Z вернёт его)</translation>
    </message>
    <message>
        <source>{count} units chosen: drag one of them to move them together</source>
        <translation>Выбрано отрядов: {count} — перетащите любой из них, чтобы двигать их вместе</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Выбор и движение</translation>
    </message>
    <message>
        <source>Select and move units: click to select, drag to move, Shift+click: its group</source>
        <translation>Выбирать и двигать отряды: щелчок — выбрать, протяжка — двигать, Shift+щелчок — его группа</translation>
    </message>
    <message>
        <source>Move allowance when the ruleset gives none (inches)</source>
        <extracomment>the tests the last move made due (&quot;unit: why&quot;), as the status bar said them</extracomment>
        <translation>Допуск движения, если правила его не дают (дюймы)</translation>
    </message>
    <message>
        <source>{source} = {metres} m</source>
        <translation>{source} = {metres} м</translation>
    </message>
    <message>
        <source>toolbar setting</source>
        <translation>значение на панели</translation>
    </message>
    <message>
        <source>{ap} × toolbar setting</source>
        <translation>{ap} × значение на панели</translation>
    </message>
    <message>
        <source>Now due — {0}</source>
        <translation>Положено сейчас — {0}</translation>
    </message>
    <message>
        <source>{unit}: moved {distance}</source>
        <extracomment>A base dropped this close (inches, edge to edge) to an enemy&apos;s snaps into contact with it. How many of the nearest enemies the drag readout lists, one a line. A longer enemy name is cut (with &quot;…&quot;) in the drag readout; its tooltip keeps it whole. the reach area&apos;s future while a worker works it out (big tables) the enemy bases indexed: each move measures the few near the pointer the ruleset&apos;s triggers checked after a move (engine.triggers at &quot;move&quot;): the hint says which tests a drop here would make due</extracomment>
        <translation>{unit}: пройдено {distance}</translation>
    </message>
    <message>
        <source>costs {distance} (difficult ×2)</source>
        <translation>стоит {distance} (труднопроходимая ×2)</translation>
    </message>
    <message>
        <source>left {left} of {allowance}</source>
        <translation>осталось {left} из {allowance}</translation>
    </message>
    <message>
        <source>over by {over}; allowance {allowance}</source>
        <translation>перебор на {over}; допуск {allowance}</translation>
    </message>
    <message>
        <source>in base contact with {unit} (Ctrl: place freely)</source>
        <translation>в контакте подставками с {unit} (Ctrl — поставить свободно)</translation>
    </message>
    <message>
        <source>due on drop: {0} — {1}</source>
        <translation>положено при постановке: {0} — {1}</translation>
    </message>
    <message>
        <source>drop to place it anyway</source>
        <translation>отпустите, чтобы всё равно поставить</translation>
    </message>
    <message>
        <source>  {unit} — {distance}</source>
        <comment>a nearest enemy&apos;s line</comment>
        <translation>  {unit} — {distance}</translation>
    </message>
    <message>
        <source>nearest enemies:</source>
        <translation>ближайшие враги:</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Движение</translation>
    </message>
    <message>
        <source> Allowance without ruleset data </source>
        <translation> Допуск без данных правил </translation>
    </message>
    <message>
        <source>d20 face = distance in steps</source>
        <translation>грань к20 = расстояние в шагах</translation>
    </message>
    <message>
        <source>d6 − accuracy, in inches</source>
        <translation>к6 − меткость, в дюймах</translation>
    </message>
    <message>
        <source>Template</source>
        <extracomment>The app&apos;s direction die: one face per bearing of the odds&apos; grid (2° apart), as engine.board_ops.APP_DIRECTION_DIE (imported when scattering: it pulls in the rules protocol, which the first paint leaves for later). Heat map colour: a warm ramp over a transparent table, alpha growing with the chance.</extracomment>
        <translation>Шаблон</translation>
    </message>
    <message>
        <source>Scatter</source>
        <translation>Отклонение</translation>
    </message>
    <message>
        <source>&quot; per step</source>
        <translation>&quot; на шаг</translation>
    </message>
    <message>
        <source>d20 step</source>
        <translation>шаг к20</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Точность</translation>
    </message>
    <message>
        <source>Typed (physical dice)</source>
        <translation>Вручную (настоящие кубы)</translation>
    </message>
    <message>
        <source>blank: a new seed</source>
        <translation>пусто: новое зерно</translation>
    </message>
    <message>
        <source>face of the distance die</source>
        <translation>грань куба расстояния</translation>
    </message>
    <message>
        <source>Distance die</source>
        <translation>Куб расстояния</translation>
    </message>
    <message>
        <source>bearing °</source>
        <translation>пеленг °</translation>
    </message>
    <message>
        <source>direction die (d6)</source>
        <translation>куб направления (к6)</translation>
    </message>
    <message>
        <source>0–360, 0 = +x, clockwise</source>
        <translation>0–360, 0 = +x, по часовой</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Направление</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Before the roll — chance of ending under it</source>
        <translation>До броска — шанс оказаться под ним</translation>
    </message>
    <message>
        <source>Hole</source>
        <translation>Дыра</translation>
    </message>
    <message>
        <source>Under the template</source>
        <translation>Под шаблоном</translation>
    </message>
    <message>
        <source>Covered</source>
        <translation>Накрыто</translation>
    </message>
    <message>
        <source>A flamer does not scatter</source>
        <translation>Огнемёт не отклоняется</translation>
    </message>
    <message>
        <source>d20 face, 1–20</source>
        <translation>грань к20, 1–20</translation>
    </message>
    <message>
        <source>d6 face, 1–6</source>
        <translation>грань к6, 1–6</translation>
    </message>
    <message>
        <source>Lay a blast or flamer template, see where it may land, scatter it</source>
        <translation>Положить шаблон взрыва или огнемёта, увидеть, куда он может лечь, отклонить его</translation>
    </message>
    <message>
        <source>shape: expected one of {shapes}, got {got!r}</source>
        <extracomment>(future, show, game, painted) of odds a worker is working out (`place`)</extracomment>
        <translation>shape: ожидалось одно из: {shapes}, получено {got!r}</translation>
    </message>
    <message>
        <source>Click the unit that fires, then the point it aims at (or drag from the unit). A flamer does not scatter.</source>
        <translation>Щёлкните отряд, который стреляет, затем точку прицела (или протяните от отряда). Огнемёт не отклоняется.</translation>
    </message>
    <message>
        <source>Click where the template is aimed; then Scatter (or S).</source>
        <translation>Щёлкните, куда нацелен шаблон; затем «Отклонение» (или S).</translation>
    </message>
    <message>
        <source>Under it if it does not scatter</source>
        <translation>Под ним, если не отклонится</translation>
    </message>
    <message>
        <source>{shape} aimed at ({x}&quot;, {y}&quot;). Scatter with the app&apos;s dice or type the dice in.</source>
        <translation>{shape} нацелен в ({x}&quot;, {y}&quot;). Отклоните кубиками программы или введите кубики.</translation>
    </message>
    <message>
        <source>Before the roll — working out the odds …</source>
        <translation>До броска — считаем шансы …</translation>
    </message>
    <message>
        <source>Before the roll — chance of ending under it ({scheme}, no scatter {p}; darkest heat: {peak} that a point is covered)</source>
        <translation>До броска — шанс оказаться под ним ({scheme}, без отклонения {p}; самое тёмное: {peak}, что точка накрыта)</translation>
    </message>
    <message>
        <source>A flamer does not scatter.</source>
        <translation>Огнемёт не отклоняется.</translation>
    </message>
    <message>
        <source>Place the template first.</source>
        <translation>Сначала положите шаблон.</translation>
    </message>
    <message>
        <source>last: {0}</source>
        <translation>последнее: {0}</translation>
    </message>
    <message>
        <source>Scattered {d}&quot; at {b}° — under it</source>
        <translation>Отклонился на {d}&quot; по азимуту {b}° — под ним</translation>
    </message>
    <message>
        <source>Scatter {d}&quot; at bearing {b}° ({source}).</source>
        <translation>Отклонение {d}&quot; по азимуту {b}° ({source}).</translation>
    </message>
    <message>
        <source>scatter: place a blast template first</source>
        <translation>отклонение: сначала положите шаблон разрыва</translation>
    </message>
    <message>
        <source>seed: expected a whole number ≥ 0, got {got!r}</source>
        <translation>зерно: ожидалось целое число ≥ 0, получено {got!r}</translation>
    </message>
    <message>
        <source>Click the unit that fires the flamer.</source>
        <translation>Щёлкните отряд с огнемётом.</translation>
    </message>
    <message>
        <source>{unit} fires: click (or release) where it aims.</source>
        <translation>{unit} стреляет: щёлкните (или отпустите) там, куда он целится.</translation>
    </message>
    <message>
        <source>Flamer from {unit} — under it</source>
        <translation>Огнемёт {unit} — под ним</translation>
    </message>
    <message>
        <source>{shape}: {n} under</source>
        <translation>{shape}: под ним {n}</translation>
    </message>
    <message>
        <source>no scatter</source>
        <translation>без отклонения</translation>
    </message>
    <message>
        <source>{0}: nobody</source>
        <translation>{0}: никого</translation>
    </message>
    <message>
        <source>direction: expected a bearing in degrees (0–360), got {got!r}</source>
        <translation>направление: ожидался азимут в градусах (0–360), получено {got!r}</translation>
    </message>
    <message>
        <source>direction: a bearing is 0 up to 360 degrees, got {got}</source>
        <translation>направление: азимут — от 0 до 360 градусов, получено {got}</translation>
    </message>
    <message>
        <source>{0} (line)</source>
        <translation>{0} (линия)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Select / edit</source>
        <translation>Выбрать / править</translation>
    </message>
    <message>
        <source>Draw new</source>
        <translation>Нарисовать</translation>
    </message>
    <message>
        <source>Delete piece (Del)</source>
        <translation>Удалить элемент (Del)</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>Местность</translation>
    </message>
    <message>
        <source>a polygon needs at least 3 vertices</source>
        <extracomment>How close (screen pixels) a click must be to a vertex or a line to take it.</extracomment>
        <translation>у многоугольника должно быть не меньше 3 вершин</translation>
    </message>
    <message>
        <source>the outline crosses itself ({reason})</source>
        <translation>контур пересекает сам себя ({reason})</translation>
    </message>
    <message>
        <source>not a valid polygon ({reason})</source>
        <translation>неправильный многоугольник ({reason})</translation>
    </message>
    <message>
        <source>the polygon has no area</source>
        <translation>у многоугольника нет площади</translation>
    </message>
    <message>
        <source>a line needs at least 2 points</source>
        <translation>у линии должно быть не меньше 2 точек</translation>
    </message>
    <message>
        <source>the line has no length</source>
        <translation>у линии нет длины</translation>
    </message>
    <message>
        <source>Draw, move, reshape and delete terrain pieces</source>
        <translation>Рисовать, двигать, менять форму и удалять элементы местности</translation>
    </message>
    <message>
        <source>double-click or Enter to finish</source>
        <translation>двойной щелчок или Enter — закончить</translation>
    </message>
    <message>
        <source>double-click, Enter or the first vertex to close</source>
        <translation>двойной щелчок, Enter или первая вершина — замкнуть</translation>
    </message>
    <message>
        <source>Click the {kind}&apos;s points; {how}.</source>
        <translation>Щёлкайте точки ({kind}); {how}.</translation>
    </message>
    <message>
        <source>Click a piece to select it; drag it or its vertices; Del deletes it.</source>
        <translation>Щёлкните элемент местности, чтобы выбрать его; тяните его или его вершины; Del удаляет его.</translation>
    </message>
    <message>
        <source>Drawing dropped.</source>
        <translation>Рисование отменено.</translation>
    </message>
    <message>
        <source>Cannot lay this {kind}: {problem}.</source>
        <translation>Не удаётся положить ({kind}): {problem}.</translation>
    </message>
    <message>
        <source>Add {kind} {id}</source>
        <translation>Добавление: {kind} {id}</translation>
    </message>
    <message>
        <source>{id} laid.</source>
        <translation>{id} положен.</translation>
    </message>
    <message>
        <source>a unit stands here: grab the piece clear of units</source>
        <translation>здесь стоит отряд: берите элемент местности там, где отрядов нет</translation>
    </message>
    <message>
        <source>{piece} ({kind}) selected.</source>
        <translation>Выбран {piece} ({kind}).</translation>
    </message>
    <message>
        <source>Move {piece} {distance}&quot;</source>
        <translation>Перемещение {piece} {distance}&quot;</translation>
    </message>
    <message>
        <source>Cannot move that vertex: {problem}.</source>
        <translation>Эту вершину не сдвинуть: {problem}.</translation>
    </message>
    <message>
        <source>Reshape {piece}</source>
        <translation>Изменение формы {piece}</translation>
    </message>
    <message>
        <source>Select a piece to delete.</source>
        <translation>Выберите элемент местности, который удалить.</translation>
    </message>
    <message>
        <source>Delete {kind} {piece}</source>
        <translation>Удаление: {kind} {piece}</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>линия</translation>
    </message>
    <message>
        <source>an area</source>
        <translation>площадь</translation>
    </message>
    <message>
        <source>{piece} cannot become a {kind}: a {kind} is {want}.</source>
        <translation>{piece} не может стать таким: {kind} — это {want}.</translation>
    </message>
    <message>
        <source>Make {piece} {kind}</source>
        <translation>{piece} → {kind}</translation>
    </message>
    <message>
        <source>Threat</source>
        <translation>Угроза</translation>
    </message>
    <message>
        <source>Threat view: hover a unit to see who sees it and whom it sees</source>
        <translation>Угрозы: наведите на отряд, чтобы увидеть, кто видит его и кого видит он</translation>
    </message>
    <message>
        <source>working out who sees whom …</source>
        <extracomment>Units listed in the text beside the pointer, each way (all are drawn). Sideways offset between the two lines of a pair, inches, so both show. Tables with more units than this work a new hover out on a worker thread (at 500 units one costs 15-25 ms, more than a frame); smaller ones at once. How many units&apos; lines keep the picture their worker drew (an image of the viewport, ~4 MB at 1280 x 820): hovering back over one of those only puts its image up. Each pair&apos;s two lines&apos; ends: (solid ones, other → unit; dashed ones, unit → other). The sight lines drawn for the hovered unit (one item; empty when none is). the unit whose sightings a worker is working out (None: none is) lines shown with a picture beyond PICTURES_KEPT: it goes when they do</extracomment>
        <translation>выясняю, кто кого видит …</translation>
    </message>
    <message>
        <source>seen by {n} of {of} (solid):</source>
        <translation>его видят {n} из {of} (сплошные):</translation>
    </message>
    <message>
        <source>{unit} sees {seen}, cover {level} ({name})</source>
        <translation>{unit} видит {seen}, укрытие {level} ({name})</translation>
    </message>
    <message>
        <source>… {n} more</source>
        <translation>… ещё {n}</translation>
    </message>
    <message>
        <source>sees {n} of {of} (dashed):</source>
        <translation>видит {n} из {of} (пунктир):</translation>
    </message>
    <message>
        <source>{unit} {seen}, cover {level} ({name})</source>
        <translation>{unit} {seen}, укрытие {level} ({name})</translation>
    </message>
    <message>
        <source>{line} · strikes the {side}</source>
        <translation>{line} · попадание в {side}</translation>
    </message>
    <message>
        <source>{line} · {side}</source>
        <comment>a nearest enemy&apos;s line, the side struck</comment>
        <translation>{line} · {side}</translation>
    </message>
    <message>
        <source>Side of new units</source>
        <translation>Сторона новых отрядов</translation>
    </message>
    <message>
        <source>Selected unit</source>
        <translation>Выбранный отряд</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>(none: the id is shown)</source>
        <translation>(нет: показан id)</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Сторона</translation>
    </message>
    <message>
        <source>Duplicate (Ctrl+D)</source>
        <translation>Дублировать (Ctrl+D)</translation>
    </message>
    <message>
        <source>Delete (Del)</source>
        <translation>Удалить (Del)</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Отряды</translation>
    </message>
    <message>
        <source> (default base)</source>
        <extracomment>the base is ours, not the rules&apos; (the profile names &quot;base&quot; among its PROPOSED values)</extracomment>
        <translation> (подставка по умолчанию)</translation>
    </message>
    <message>
        <source> (PROPOSED base)</source>
        <translation> (подставка ПРЕДЛОЖЕНА)</translation>
    </message>
    <message>
        <source>{profile} — {base}</source>
        <translation>{profile} — {base}</translation>
    </message>
    <message>
        <source>{0} mm round</source>
        <translation>{0} мм, круглая</translation>
    </message>
    <message>
        <source>{w}×{d} mm {shape}</source>
        <translation>{w}×{d} мм, {shape}</translation>
    </message>
    <message>
        <source>Profile to place:</source>
        <translation>Профиль для расстановки:</translation>
    </message>
    <message>
        <source>Place on the table (P)</source>
        <translation>Ставить на стол (P)</translation>
    </message>
    <message>
        <source>While on, a click on the table places the chosen profile (once; hold Shift to place several). Off: a click only selects.</source>
        <translation>Пока включено, щелчок по столу ставит выбранный профиль (один раз; с Shift — несколько). Выключено: щелчок только выбирает.</translation>
    </message>
    <message>
        <source>Place units from profiles, duplicate, delete, set side and name</source>
        <translation>Ставить отряды по профилям, дублировать, удалять, задавать сторону и имя</translation>
    </message>
    <message>
        <source>Click the table to place {name} (Shift: several); Esc or P stops.</source>
        <translation>Щёлкните по столу, чтобы поставить «{name}» (с Shift — несколько); Esc или P — стоп.</translation>
    </message>
    <message>
        <source>Choose a profile (or press P) to place it; click a unit to edit it.</source>
        <translation>Выберите профиль (или нажмите P), чтобы ставить его; щёлкните отряд, чтобы править его.</translation>
    </message>
    <message>
        <source>Choose a profile to place.</source>
        <translation>Выберите профиль, который поставить.</translation>
    </message>
    <message>
        <source>side of new units: expected a side&apos;s name</source>
        <translation>сторона новых отрядов: ожидалось имя стороны</translation>
    </message>
    <message>
        <source>Place {name} {id}</source>
        <translation>Установка {name} {id}</translation>
    </message>
    <message>
        <source>{name} (copy)</source>
        <translation>{name} (копия)</translation>
    </message>
    <message>
        <source>Duplicate {unit}</source>
        <translation>Копия {unit}</translation>
    </message>
    <message>
        <source>Delete {unit}</source>
        <translation>Удаление {unit}</translation>
    </message>
    <message>
        <source>side: expected a side&apos;s name, got nothing</source>
        <translation>сторона: ожидалось имя стороны, не задано ничего</translation>
    </message>
    <message>
        <source>name: expected at most 80 characters, got {n}</source>
        <translation>имя: ожидалось не больше 80 знаков, получено {n}</translation>
    </message>
    <message>
        <source> and </source>
        <translation> и </translation>
    </message>
    <message>
        <source>name {value}</source>
        <translation>имя {value}</translation>
    </message>
    <message>
        <source>side {value}</source>
        <translation>сторона {value}</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>без имени</translation>
    </message>
    <message>
        <source>Set {unit}: {what}</source>
        <translation>{unit}: {what}</translation>
    </message>
    <message>
        <source>Select a unit first (click it).</source>
        <translation>Сначала выберите отряд (щёлкните его).</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>Проверки</translation>
    </message>
    <message>
        <source>&amp;Tests</source>
        <translation>&amp;Проверки</translation>
    </message>
    <message>
        <source>demo value, not from the rules</source>
        <translation>демо-значение, не из правил</translation>
    </message>
    <message>
        <source>PROPOSED default, not from the rules</source>
        <translation>ПРЕДЛОЖЕННОЕ, не из правил</translation>
    </message>
    <message>
        <source> — replace with your group&apos;s values.</source>
        <translation> — замените своими.</translation>
    </message>
    <message>
        <source>Blast templates — true scale</source>
        <translation>Шаблоны взрыва — в натуральную величину</translation>
    </message>
    <message>
        <source>Print at 100 % (actual size). The square must measure exactly 1 inch; cut along the outer line, punch the hole.</source>
        <translation>Печатайте в масштабе 100 % (натуральная величина). Квадрат должен быть ровно 1 дюйм; вырежьте по внешней линии, проколите отверстие.</translation>
    </message>
    <message>
        <source>Flamer template — true scale</source>
        <translation>Шаблон огнемёта — в натуральную величину</translation>
    </message>
    <message>
        <source>12&quot; range ruler — true scale</source>
        <translation>Линейка 12&quot; — в натуральную величину</translation>
    </message>
    <message>
        <source>Printed on the diagonal so that 12 inches fit on one sheet. Cut along the outer line.</source>
        <translation>Напечатано по диагонали, чтобы 12 дюймов поместились на лист. Вырежьте по внешней линии.</translation>
    </message>
    <message>
        <source>1 inch</source>
        <translation>1 дюйм</translation>
    </message>
    <message>
        <source>(25.4 mm)</source>
        <translation>(25,4 мм)</translation>
    </message>
    <message>
        <source>Flamer</source>
        <translation>Огнемёт</translation>
    </message>
    <message>
        <source>in</source>
        <translation>дюйм.</translation>
    </message>
    <message>
        <source>Wheel zooms, drag the empty table to pan, F fits the table, Ctrl+= / Ctrl+− / Ctrl+0 zoom by key. Select a unit to see its actions (View ▸ Actions). F1 lists every shortcut.</source>
        <translation>Колесо — масштаб, протяжка по пустому столу — сдвиг, F — весь стол, Ctrl+= / Ctrl+− / Ctrl+0 — масштаб с клавиатуры. Выберите отряд, чтобы увидеть его действия (Вид ▸ Действия). F1 — все сочетания клавиш.</translation>
    </message>
    <message>
        <source>The tools</source>
        <translation>Инструменты</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Понятно</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>Колесо мыши</translation>
    </message>
    <message>
        <source>zoom about the pointer</source>
        <translation>масштаб вокруг указателя</translation>
    </message>
    <message>
        <source>Drag the empty table / middle button</source>
        <translation>Протяжка по пустому столу / средняя кнопка</translation>
    </message>
    <message>
        <source>pan</source>
        <translation>сдвиг</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>drop what the tool has half done, then back to Select</source>
        <translation>отменить начатое инструментом, затем вернуться к выбору</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>Панель инструментов</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Стол</translation>
    </message>
    <message>
        <source>Mouse</source>
        <translation>Мышь</translation>
    </message>
    <message>
        <source>edge to edge</source>
        <translation>от края до края</translation>
    </message>
    <message>
        <source>centre to centre</source>
        <translation>от центра до центра</translation>
    </message>
    <message>
        <source>Distances</source>
        <translation>Расстояния</translation>
    </message>
    <message>
        <source>Readings of the rules ({n}, {p} PROPOSED)</source>
        <translation>Толкования правил ({n}, из них {p} ПРЕДЛОЖЕНО)</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Правила</translation>
    </message>
    <message>
        <source>A desktop companion for miniature wargames: the table beside the laptop mirrored to scale, with ranges, line of sight, cover, arcs and templates, and an exact referee for the rulesets installed.</source>
        <translation>Настольный помощник для варгеймов с миниатюрами: стол рядом с ноутбуком в точном масштабе — дистанции, линия видимости, укрытия, секторы и шаблоны — и точный судья для установленных правил.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>&amp;Правила…</translation>
    </message>
    <message>
        <source>The &amp;tools at a glance</source>
        <translation>&amp;Инструменты коротко</translation>
    </message>
    <message>
        <source>&amp;About Warboard</source>
        <translation>&amp;О программе Warboard</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>About Warboard</source>
        <translation>О программе Warboard</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <extracomment>One step of Ctrl+= / Ctrl+−, like one wheel notch. The percentages the box offers (and &quot;Fit&quot;).</extracomment>
        <translation>&amp;Крупнее</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>&amp;Мельче</translation>
    </message>
    <message>
        <source>&amp;Actual size (100 %)</source>
        <translation>&amp;Натуральный размер (100 %)</translation>
    </message>
    <message>
        <source>Zoom: 100 % is the table at life size; type a percentage or pick Fit</source>
        <translation>Масштаб: 100 % — стол в натуральную величину; введите проценты или выберите «Весь стол»</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Вписать</translation>
    </message>
    <message>
        <source>Post</source>
        <translation>Должность</translation>
    </message>
    <message>
        <source>Organisation</source>
        <translation>Организация</translation>
    </message>
    <message>
        <source>Edit anyway (the table agrees)</source>
        <extracomment>set by `install`: a dock in the main window rebuilds only while it shows a board change came while hidden: the tree is rebuilt when the dock shows</extracomment>
        <translation>Всё равно править (стол согласен)</translation>
    </message>
    <message>
        <source>Apply an edit the ruleset refuses; the change is marked as an override</source>
        <translation>Применить правку, которую правила отвергают; изменение помечается как сделанное вопреки правилам</translation>
    </message>
    <message>
        <source>New group</source>
        <translation>Новая группа</translation>
    </message>
    <message>
        <source>Form a group of the selected units and groups (an empty one when nothing is selected)</source>
        <translation>Сформировать группу из выбранных отрядов и групп (пустую, если ничего не выбрано)</translation>
    </message>
    <message>
        <source>Disband</source>
        <translation>Расформировать</translation>
    </message>
    <message>
        <source>Take out</source>
        <translation>Вывести</translation>
    </message>
    <message>
        <source>Take the selected units and groups out of the group they are listed in</source>
        <translation>Вывести выбранные отряды и группы из группы, в которой они числятся</translation>
    </message>
    <message>
        <source>Commander %1</source>
        <translation>Командир %1</translation>
    </message>
    <message>
        <source>Deputy %1</source>
        <translation>Заместитель %1</translation>
    </message>
    <message>
        <source>The group to move the selection into</source>
        <translation>Группа, в которую перевести выбранное</translation>
    </message>
    <message>
        <source>Move into</source>
        <translation>Перевести в</translation>
    </message>
    <message>
        <source>Group name</source>
        <translation>Название группы</translation>
    </message>
    <message>
        <source>Off the table (an HQ)</source>
        <translation>Вне стола (штаб)</translation>
    </message>
    <message>
        <source>The ruleset&apos;s check</source>
        <translation>Проверка по правилам</translation>
    </message>
    <message>
        <source>No game is open.</source>
        <translation>Игра не открыта.</translation>
    </message>
    <message>
        <source>The organisation can no longer be edited: %1</source>
        <translation>Организацию больше нельзя править: %1</translation>
    </message>
    <message>
        <source>No remarks.</source>
        <translation>Замечаний нет.</translation>
    </message>
    <message>
        <source>%1: not on the table</source>
        <translation>%1: не на столе</translation>
    </message>
    <message>
        <source>(off the table)</source>
        <translation>(вне стола)</translation>
    </message>
    <message>
        <source>Not in a group</source>
        <translation>Не в группе</translation>
    </message>
    <message>
        <source>deputy</source>
        <translation>заместитель</translation>
    </message>
    <message>
        <source>— (the members&apos; side)</source>
        <translation>— (сторона членов)</translation>
    </message>
    <message>
        <source>(override)</source>
        <translation>(вопреки правилам)</translation>
    </message>
    <message>
        <source>New %1</source>
        <translation>Новая: %1</translation>
    </message>
    <message>
        <source>Form %1</source>
        <translation>Сформировать %1</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>Переименовать %1</translation>
    </message>
    <message>
        <source>%1: kind</source>
        <translation>%1: вид</translation>
    </message>
    <message>
        <source>%1: side</source>
        <translation>%1: сторона</translation>
    </message>
    <message>
        <source>%1: off the table</source>
        <translation>%1: вне стола</translation>
    </message>
    <message>
        <source>%1: on the table</source>
        <translation>%1: на столе</translation>
    </message>
    <message>
        <source>Disband %1</source>
        <translation>Расформировать %1</translation>
    </message>
    <message>
        <source>Take %1 out</source>
        <translation>Вывести %1</translation>
    </message>
    <message>
        <source>Move %1 into %2</source>
        <translation>Перевести %1 в %2</translation>
    </message>
    <message>
        <source>%1: %2 is %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
    <message>
        <source>%1: %2 is no longer %3</source>
        <translation>%1: %2 больше не %3</translation>
    </message>
    <message>
        <source>&amp;Organisation</source>
        <translation>&amp;Организация</translation>
    </message>
    <message>
        <source>{prog}: warning: {file}: {problem}</source>
        <extracomment>Exit status for anything the user got wrong (argparse&apos;s convention).</extracomment>
        <translation>{prog}: предупреждение: {file}: {problem}</translation>
    </message>
    <message>
        <source>{prog}: warning: {file}: the journal of an unfinished save of another file lay beside it; it was not applied and is kept as {aside}</source>
        <translation>{prog}: предупреждение: {file}: рядом лежал журнал незавершённого сохранения другого файла; он не применён и сохранён как {aside}</translation>
    </message>
    <message>
        <source>expected a number, got {text!r}</source>
        <translation>ожидалось число, получено {text!r}</translation>
    </message>
    <message>
        <source>expected inches within ±{limit:g} (off any table), got {text!r}</source>
        <translation>ожидались дюймы в пределах ±{limit:g} (за пределами любого стола), получено {text!r}</translation>
    </message>
    <message>
        <source>expected a finite number, got {text!r}</source>
        <translation>ожидалось конечное число, получено {text!r}</translation>
    </message>
    <message>
        <source>expected DIST@BEARING (inches@degrees, e.g. 3@90), got {text!r}</source>
        <translation>ожидалось РАССТ@АЗИМУТ (дюймы@градусы, например 3@90), получено {text!r}</translation>
    </message>
    <message>
        <source>expected finite numbers, got {text!r}</source>
        <translation>ожидались конечные числа, получено {text!r}</translation>
    </message>
    <message>
        <source>distance must not be negative, got {text!r}</source>
        <translation>расстояние не может быть отрицательным, получено {text!r}</translation>
    </message>
    <message>
        <source>{prog}: warning: {what} ({x}, {y}) is off the {w}&quot; × {h}&quot; table</source>
        <translation>{prog}: предупреждение: {what} ({x}, {y}) за пределами стола {w}&quot; × {h}&quot;</translation>
    </message>
    <message>
        <source>usage: </source>
        <extracomment>The words argparse itself prints (its help layout and its refusals), which it takes through gettext: `_argparse_text` gives them in the command&apos;s language instead. Marked here so lupdate lists them in the .ts.</extracomment>
        <translation>использование: </translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>позиционные аргументы</translation>
    </message>
    <message>
        <source>options</source>
        <translation>параметры</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>показать эту справку и выйти</translation>
    </message>
    <message>
        <source>show program&apos;s version number and exit</source>
        <translation>показать версию программы и выйти</translation>
    </message>
    <message>
        <source>%(prog)s: error: %(message)s
</source>
        <translation>%(prog)s: ошибка: %(message)s
</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>аргумент %(argument_name)s: %(message)s</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>не заданы обязательные аргументы: %s</translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation>нужен один из аргументов %s</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>непонятные аргументы: %s</translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation>нельзя вместе с аргументом %s</translation>
    </message>
    <message>
        <source>ignored explicit argument %r</source>
        <translation>лишнее значение аргумента %r</translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation>ожидалось одно значение</translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation>ожидалось не больше одного значения</translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation>ожидалось хотя бы одно значение</translation>
    </message>
    <message>
        <source>expected %s argument</source>
        <translation>ожидалось значений: %s</translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation>ожидалось значений: %s</translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>неоднозначный параметр: %(option)s подходит к %(matches)s</translation>
    </message>
    <message>
        <source>unexpected option string: %s</source>
        <translation>неожиданный параметр: %s</translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>недопустимое значение (%(type)s): %(value)r</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>недопустимый выбор: %(value)r (выберите из %(choices)s)</translation>
    </message>
    <message>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation>неизвестная команда %(parser_name)r (варианты: %(choices)s)</translation>
    </message>
    <message>
        <source>scenario .json</source>
        <translation>сценарий .json</translation>
    </message>
    <message>
        <source>id of the unit measuring (the shooter)</source>
        <translation>id отряда, который измеряет (стрелка)</translation>
    </message>
    <message>
        <source>id of the unit measured to (the target)</source>
        <translation>id отряда, до которого измеряют (цели)</translation>
    </message>
    <message>
        <source>how the target&apos;s faces are divided (default: the game&apos;s reading)</source>
        <translation>как делятся стороны цели (по умолчанию: по прочтению правил игры)</translation>
    </message>
    <message>
        <source>print JSON instead of text</source>
        <translation>вывести JSON вместо текста</translation>
    </message>
    <message>
        <source>distance, LOS, cover, facing struck, arcs</source>
        <translation>расстояние, линия видимости, укрытие, поражённая сторона, секторы</translation>
    </message>
    <message>
        <source>{inches}&quot;  ({metres} m)</source>
        <translation>{inches}&quot;  ({metres} м)</translation>
    </message>
    <message>
        <source>{los}, {visible} visible</source>
        <translation>{los}, видно {visible}</translation>
    </message>
    <message>
        <source>{los}; crosses {pieces}</source>
        <translation>{los}; пересекает: {pieces}</translation>
    </message>
    <message>
        <source>{cover} from {pieces}</source>
        <translation>{cover}, даёт: {pieces}</translation>
    </message>
    <message>
        <source>n/a (no turret)</source>
        <translation>не применимо (нет башни)</translation>
    </message>
    <message>
        <source>no — the turret must turn</source>
        <translation>нет — башню надо развернуть</translation>
    </message>
    <message>
        <source>from</source>
        <comment>measure: the shooter</comment>
        <translation>от</translation>
    </message>
    <message>
        <source>to</source>
        <comment>measure: the target</comment>
        <translation>до</translation>
    </message>
    <message>
        <source>line of sight</source>
        <translation>линия видимости</translation>
    </message>
    <message>
        <source>cover</source>
        <comment>measure: the target&apos;s cover</comment>
        <translation>укрытие</translation>
    </message>
    <message>
        <source>side struck</source>
        <translation>поражённая сторона</translation>
    </message>
    <message>
        <source>{side} of {unit}</source>
        <translation>{side}: {unit}</translation>
    </message>
    <message>
        <source>in turret arc</source>
        <translation>в секторе башни</translation>
    </message>
    <message>
        <source>one of {shapes}</source>
        <translation>одно из: {shapes}</translation>
    </message>
    <message>
        <source>inches from the left edge</source>
        <translation>дюймы от левого края</translation>
    </message>
    <message>
        <source>inches from the top edge</source>
        <translation>дюймы от верхнего края</translation>
    </message>
    <message>
        <source>the point a flamer points at (its narrow end is at X Y)</source>
        <translation>точка, куда направлен огнемёт (его узкий конец в X Y)</translation>
    </message>
    <message>
        <source>move the template DIST inches along BEARING degrees first</source>
        <translation>сначала сместить шаблон на РАССТ дюймов по АЗИМУТУ в градусах</translation>
    </message>
    <message>
        <source>units under a blast-3 / blast-5 / flamer template</source>
        <translation>отряды под шаблоном взрыва 3&quot; / 5&quot; или огнемёта</translation>
    </message>
    <message>
        <source>--scatter: the template&apos;s centre</source>
        <translation>--scatter: центр шаблона</translation>
    </message>
    <message>
        <source>{shape} at ({x}, {y})</source>
        <translation>{shape} в ({x}, {y})</translation>
    </message>
    <message>
        <source>scattered {d}&quot; at {b}° to ({x}, {y})</source>
        <translation>отнесло на {d}&quot; по {b}° в ({x}, {y})</translation>
    </message>
    <message>
        <source>pointing {bearing}°</source>
        <translation>направлен на {bearing}°</translation>
    </message>
    <message>
        <source>no units under the template</source>
        <translation>под шаблоном нет отрядов</translation>
    </message>
    <message>
        <source>(under the hole)</source>
        <translation>(под дырой)</translation>
    </message>
    <message>
        <source>{unit}: {share} covered</source>
        <translation>{unit}: накрыт на {share}</translation>
    </message>
    <message>
        <source>one card per unit, with its name, markers and state (default: one card per profile on the table)</source>
        <translation>по карточке на отряд, с его именем, маркерами и состоянием (по умолчанию: по карточке на профиль на столе)</translation>
    </message>
    <message>
        <source>paper: a4 or letter sheets, or sleeve-size pages (2.5&quot; × 3.5&quot;)</source>
        <translation>бумага: листы a4 или letter, или страницы размером с протектор (2,5&quot; × 3,5&quot;)</translation>
    </message>
    <message>
        <source>at most N cards per sheet</source>
        <translation>не больше N карточек на лист</translation>
    </message>
    <message>
        <source>one card per page</source>
        <translation>одна карточка на страницу</translation>
    </message>
    <message>
        <source>add the 3&quot;/5&quot; blast and flamer templates and a 12&quot; ruler, true scale</source>
        <translation>добавить шаблоны взрыва 3&quot;/5&quot; и огнемёта и линейку 12&quot; в натуральную величину</translation>
    </message>
    <message>
        <source>leave out the boxes for wounds, suppression, ammunition</source>
        <translation>без клеток для ранений, подавления, боеприпасов</translation>
    </message>
    <message>
        <source>unit library file (default: the user&apos;s library if it exists, else the ruleset&apos;s shipped data)</source>
        <translation>файл библиотеки отрядов (по умолчанию: библиотека пользователя, если есть, иначе данные правил из поставки)</translation>
    </message>
    <message>
        <source>a rules reading printed on the cards, e.g. sprint=45m; overrides a game file&apos;s own readings (Game &gt; Rules readings); repeat</source>
        <translation>прочтение правил, печатаемое на карточках, например sprint=45m; заменяет прочтения из файла игры (Игра &gt; Прочтения правил); можно повторять</translation>
    </message>
    <message>
        <source>the PDF to write</source>
        <translation>PDF для записи</translation>
    </message>
    <message>
        <source>printable unit cards (PDF)</source>
        <translation>карточки отрядов для печати (PDF)</translation>
    </message>
    <message>
        <source>--per-page: expected a whole number ≥ 1, got {n}</source>
        <translation>--per-page: ожидалось целое число ≥ 1, получено {n}</translation>
    </message>
    <message>
        <source>--library: no such file {file}</source>
        <translation>--library: нет файла {file}</translation>
    </message>
    <message>
        <source>{file}: {cards}, {pages}</source>
        <translation>{file}: {cards}, {pages}</translation>
    </message>
    <message>
        <source>{n} card</source>
        <translation>карточек: {n}</translation>
    </message>
    <message>
        <source>{n} cards</source>
        <translation>карточек: {n}</translation>
    </message>
    <message>
        <source>{n} page</source>
        <translation>страниц: {n}</translation>
    </message>
    <message>
        <source>{n} pages</source>
        <translation>страниц: {n}</translation>
    </message>
    <message>
        <source>expected K=V, got {text!r}</source>
        <translation>ожидалось К=З, получено {text!r}</translation>
    </message>
    <message>
        <source>{text!r}: the value must be a whole number, got {value!r}</source>
        <translation>{text!r}: значение должно быть целым числом, получено {value!r}</translation>
    </message>
    <message>
        <source>expected unit ids separated by commas, got {text!r}</source>
        <translation>ожидались id отрядов через запятую, получено {text!r}</translation>
    </message>
    <message>
        <source>scenario .json or .warboard game</source>
        <translation>сценарий .json или игра .warboard</translation>
    </message>
    <message>
        <source>an action of the scenario&apos;s ruleset (its id, e.g. shoot)</source>
        <translation>действие из правил сценария (его id, например shoot)</translation>
    </message>
    <message>
        <source>the acting unit (a group id when the action&apos;s actor is a group)</source>
        <translation>действующий отряд (id группы, если действует группа)</translation>
    </message>
    <message>
        <source>the target unit</source>
        <translation>отряд-цель</translation>
    </message>
    <message>
        <source>several targets (squad members); facts are measured to --target, else to the first of these</source>
        <translation>несколько целей (бойцы отделения); факты измеряются до --target, иначе до первой из них</translation>
    </message>
    <message>
        <source>weapon id (default: the action&apos;s own)</source>
        <translation>id оружия (по умолчанию: оружие действия)</translation>
    </message>
    <message>
        <source>a point on the table, inches (a template&apos;s centre, a destination)</source>
        <translation>точка на столе в дюймах (центр шаблона, место назначения)</translation>
    </message>
    <message>
        <source>lay this template at --point (a flamer from the actor toward it) to measure the units under it</source>
        <translation>положить этот шаблон в --point (огнемёт — от действующего к ней), чтобы найти отряды под ним</translation>
    </message>
    <message>
        <source>any role the action declares, by name: a unit id, ids separated by commas, a group id, a point X,Y, a template SHAPE@X,Y[&gt;TX,TY] or a weapon id, as its kind needs</source>
        <translation>любая роль действия по имени: id отряда, id через запятую, id группы, точка X,Y, шаблон ФОРМА@X,Y[&gt;TX,TY] или id оружия — что нужно её виду</translation>
    </message>
    <message>
        <source>an action option, e.g. volleys=3</source>
        <translation>параметр действия, например volleys=3</translation>
    </message>
    <message>
        <source>a ruleset option (a reading), e.g. OPTION=VALUE; overrides the game&apos;s own readings (Game &gt; Rules readings)</source>
        <translation>параметр правил (прочтение), например ПАРАМЕТР=ЗНАЧЕНИЕ; заменяет прочтения игры (Игра &gt; Прочтения правил)</translation>
    </message>
    <message>
        <source>a fact entered by hand, e.g. cover=2 or los=no, a per-member fact as los_each=a1:yes,a2:no (the real table wins over its mirror)</source>
        <translation>факт, введённый вручную, например cover=2 или los=no, факт по бойцам — los_each=a1:yes,a2:no (настоящий стол важнее своего отражения)</translation>
    </message>
    <message>
        <source>{what}; repeat for more</source>
        <translation>{what}; можно повторять</translation>
    </message>
    <message>
        <source>a modifier agreed at the table for one declared step, e.g. hit:-2:smoke or fire:+2:pool:veterans; TO is target (default), roll, pool (dice in a pool) or die_step (d8 -&gt; d6 is -1); repeat</source>
        <translation>модификатор, согласованный за столом, для одного шага, например hit:-2:smoke или fire:+2:pool:veterans; К — target (по умолчанию), roll, pool (кубы в пуле) или die_step (d8 -&gt; d6 — это -1); можно повторять</translation>
    </message>
    <message>
        <source>return fire</source>
        <translation>ответный огонь</translation>
    </message>
    <message>
        <source>resolve an answer together with ACTION, both against the table as it is now (one prior state): the steps side by side, one merged change, the joint odds</source>
        <translation>разрешить ответ вместе с ДЕЙСТВИЕМ, оба по столу как он есть сейчас (одно исходное состояние): шаги рядом, одно общее изменение, общие шансы</translation>
    </message>
    <message>
        <source>the unit that answers (it acts on --by)</source>
        <translation>отвечающий отряд (он действует против --by)</translation>
    </message>
    <message>
        <source>the answering action (default: ACTION)</source>
        <translation>ответное действие (по умолчанию: ДЕЙСТВИЕ)</translation>
    </message>
    <message>
        <source>the answering unit&apos;s weapon</source>
        <translation>оружие отвечающего отряда</translation>
    </message>
    <message>
        <source>an option of the answering action; repeat</source>
        <translation>параметр ответного действия; можно повторять</translation>
    </message>
    <message>
        <source>faces of physical dice, in the order the steps roll them</source>
        <translation>грани настоящих кубиков в том порядке, в каком их бросают шаги</translation>
    </message>
    <message>
        <source>seed of the app&apos;s dice (printed when not given, to replay)</source>
        <translation>зерно кубиков программы (печатается, если не задано, чтобы повторить)</translation>
    </message>
    <message>
        <source>text, markdown or bbcode (forum posts); default text</source>
        <translation>text, markdown или bbcode (посты на форуме); по умолчанию text</translation>
    </message>
    <message>
        <source>one turn of a game as a forum post</source>
        <translation>один ход партии сообщением для форума</translation>
    </message>
    <message>
        <source>a .warboard game</source>
        <translation>партия .warboard</translation>
    </message>
    <message>
        <source>the turn to post (default: the game&apos;s current turn)</source>
        <translation>ход для сообщения (по умолчанию — текущий ход партии)</translation>
    </message>
    <message>
        <source>bbcode, markdown or text; default bbcode</source>
        <translation>bbcode, markdown или text; по умолчанию bbcode</translation>
    </message>
    <message>
        <source>bold (shows on every forum, the default), percent ([size=150]: phpBB, Discourse) or scale ([size=5]: forums whose sizes run 1–7)</source>
        <translation>bold (жирный, виден на любом форуме; по умолчанию), percent ([size=150]: phpBB, Discourse) или scale ([size=5]: форумы с размерами 1–7)</translation>
    </message>
    <message>
        <source>{file}: expected a .warboard game file (a scenario has no turns played)</source>
        <translation>{file}: нужен файл партии .warboard (в сценарии нет сыгранных ходов)</translation>
    </message>
    <message>
        <source>--turn: expected a turn from 1 to {last}, got {turn}</source>
        <translation>--turn: нужен ход от 1 до {last}, получено {turn}</translation>
    </message>
    <message>
        <source>apply the effects to FILE (a game file also logs the roll); the action&apos;s declared cost is charged, or refused when not available</source>
        <translation>применить последствия к ФАЙЛУ (файл игры ещё и записывает бросок в журнал); списывается заявленная цена действия, или отказ, если её нет</translation>
    </message>
    <message>
        <source>with --apply: apply even when the cost is not available (the real table wins); the ledger marks it</source>
        <translation>с --apply: применить, даже если цены нет (настоящий стол важнее); в учёте это отмечается</translation>
    </message>
    <message>
        <source>{flag} {key}: given twice</source>
        <translation>{flag} {key}: задано дважды</translation>
    </message>
    <message>
        <source>{flag}: no unit with id {id!r}</source>
        <translation>{flag}: нет отряда с id {id!r}</translation>
    </message>
    <message>
        <source>{flag}: expected a point X,Y (inches), got {text!r}</source>
        <translation>{flag}: ожидалась точка X,Y (дюймы), получено {text!r}</translation>
    </message>
    <message>
        <source>{flag}: expected SHAPE@X,Y[&gt;TX,TY], got {text!r}</source>
        <translation>{flag}: ожидалось ФОРМА@X,Y[&gt;TX,TY], получено {text!r}</translation>
    </message>
    <message>
        <source>none in this scenario</source>
        <translation>в этом сценарии их нет</translation>
    </message>
    <message>
        <source>--by: no group {group!r} (groups: {known})</source>
        <translation>--by: нет группы {group!r} (группы: {known})</translation>
    </message>
    <message>
        <source>--by: group {group!r} has no member on the table</source>
        <translation>--by: у группы {group!r} нет никого на столе</translation>
    </message>
    <message>
        <source>--role {role}: {action} has no such role (roles: {known})</source>
        <translation>--role {role}: у {action} нет такой роли (роли: {known})</translation>
    </message>
    <message>
        <source>--fact {fact}: {action} reads no such fact (it reads: {reads})</source>
        <translation>--fact {fact}: {action} не читает такого факта (читает: {reads})</translation>
    </message>
    <message>
        <source>{flag}: {action} needs the {role} ({kind}); give it with {option}</source>
        <translation>{flag}: для «{action}» нужна роль «{role}» ({kind}); задайте её через {option}</translation>
    </message>
    <message>
        <source>not possible: {why}</source>
        <extracomment>the flags that fill a role by its name (the protocol&apos;s keywords), and the actor&apos;s</extracomment>
        <translation>невозможно: {why}</translation>
    </message>
    <message>
        <source>{flag}: not possible: {why}</source>
        <translation>{flag}: невозможно: {why}</translation>
    </message>
    <message>
        <source>{flag}: needs --return-fire UNIT</source>
        <translation>{flag}: нужно --return-fire ОТРЯД</translation>
    </message>
    <message>
        <source>--apply: {why} (--override-cost applies it anyway)</source>
        <translation>--apply: {why} (--override-cost применит всё равно)</translation>
    </message>
    <message>
        <source>applied to {file} and logged</source>
        <translation>применено к {file} и записано в журнал</translation>
    </message>
    <message>
        <source>Logged in {file} as rolled, not applied.</source>
        <translation>Записано в журнал {file} как брошенное, не применённое.</translation>
    </message>
    <message>
        <source>applied to {file} (a scenario keeps no roll log)</source>
        <translation>применено к {file} (сценарий не хранит журнал бросков)</translation>
    </message>
    <message>
        <source>resolve an action: every step, die and modifier, and its effects (with --return-fire, the answer too, both from the table as it is)</source>
        <translation>разрешить действие: каждый шаг, кубик и модификатор и последствия (с --return-fire — и ответ, оба по столу как он есть)</translation>
    </message>
    <message>
        <source>--dice: {why} (result: {result})</source>
        <translation>--dice: {why} (итог: {result})</translation>
    </message>
    <message>
        <source>--override-cost: only with --apply</source>
        <translation>--override-cost: только вместе с --apply</translation>
    </message>
    <message>
        <source>Dice: app, seed {seed} (replay with --seed {seed})</source>
        <translation>Кубики: программа, зерно {seed} (повторить: --seed {seed})</translation>
    </message>
    <message>
        <source>exact outcome distribution of an action (with --return-fire, the joint distribution of the action and the answer)</source>
        <translation>точное распределение исходов действия (с --return-fire — общее распределение действия и ответа)</translation>
    </message>
    <message>
        <source>, answered by {action} — {actor} (joint odds)</source>
        <translation>, ответ: {action} — {actor} (общие шансы)</translation>
    </message>
    <message>
        <source>a .warboard game or a scenario .json</source>
        <translation>игра .warboard или сценарий .json</translation>
    </message>
    <message>
        <source>the picture to write: OUT.png or OUT.svg</source>
        <translation>картинка для записи: OUT.png или OUT.svg</translation>
    </message>
    <message>
        <source>the part of the table to draw, inches (default: all of it)</source>
        <translation>какую часть стола рисовать, в дюймах (по умолчанию: весь стол)</translation>
    </message>
    <message>
        <source>the square RADIUS inches each way from UNIT</source>
        <translation>квадрат на РАДИУС дюймов в каждую сторону от ОТРЯДА</translation>
    </message>
    <message>
        <source>picture width in pixels (default 1600)</source>
        <translation>ширина картинки в пикселях (по умолчанию 1600)</translation>
    </message>
    <message>
        <source>the measure tool from unit A to unit B (or to a point X,Y)</source>
        <translation>замер от отряда A до отряда B (или до точки X,Y)</translation>
    </message>
    <message>
        <source>a blast-3 / blast-5 template aimed at X Y</source>
        <translation>шаблон взрыва 3&quot; / 5&quot;, наведённый в X Y</translation>
    </message>
    <message>
        <source>the template scattered DIST inches along BEARING degrees</source>
        <translation>шаблон, отклонённый на РАССТ дюймов по АЗИМУТУ в градусах</translation>
    </message>
    <message>
        <source>the threat view of UNIT</source>
        <translation>угрозы для ОТРЯДА</translation>
    </message>
    <message>
        <source>UNIT&apos;s sectors and turret arc</source>
        <translation>секторы ОТРЯДА и сектор башни</translation>
    </message>
    <message>
        <source>the area UNIT can reach, as the board shows it while UNIT is dragged</source>
        <translation>область, куда может дойти ОТРЯД, как её показывает стол при перетаскивании</translation>
    </message>
    <message>
        <source>with --reach: the area for N AP of movement (default: the drag&apos;s allowance, one AP where the ruleset gives it)</source>
        <translation>с --reach: область на N ОД движения (по умолчанию: допуск перетаскивания, одно ОД, где правила его дают)</translation>
    </message>
    <message>
        <source>coordinates along the edges and a line every 6&quot;</source>
        <translation>координаты по краям и линия каждые 6&quot;</translation>
    </message>
    <message>
        <source>unit names shown (leaders: commanders and units on their own)</source>
        <translation>какие имена отрядов показывать (leaders: командиры и одиночные отряды)</translation>
    </message>
    <message>
        <source>a picture of the table for a forum post (PNG or SVG)</source>
        <translation>картинка стола для поста на форуме (PNG или SVG)</translation>
    </message>
    <message>
        <source>--scatter: needs --template SHAPE X Y</source>
        <translation>--scatter: нужно --template ФОРМА X Y</translation>
    </message>
    <message>
        <source>--around: RADIUS {why}</source>
        <translation>--around: РАДИУС {why}</translation>
    </message>
    <message>
        <source>{file}: {w} × {h} px, table ({x}, {y}) {tw}&quot; × {th}&quot;</source>
        <translation>{file}: {w} × {h} пикс., стол ({x}, {y}) {tw}&quot; × {th}&quot;</translation>
    </message>
    <message>
        <source>the ruleset&apos;s check of the table&apos;s organisation (its groups): each remark with the rule it serves</source>
        <translation>проверка организации стола (его групп) по правилам: каждое замечание с правилом, которому оно служит</translation>
    </message>
    <message>
        <source>no remarks on the organisation</source>
        <translation>замечаний по организации нет</translation>
    </message>
    <message>
        <source>locked: {reason}</source>
        <translation>организацию менять нельзя: {reason}</translation>
    </message>
    <message>
        <source>a .warboard game played with sealed dice</source>
        <extracomment>Exit status of `warboard verify` when the rolls do not check out (2 stays the user&apos;s error).</extracomment>
        <translation>игра .warboard с запечатанными кубиками</translation>
    </message>
    <message>
        <source>the revealed seed (64 hex digits; default: the one the game holds once the game master revealed it)</source>
        <translation>раскрытое зерно (64 шестнадцатеричные цифры; по умолчанию: то, что хранит игра, когда мастер его раскрыл)</translation>
    </message>
    <message>
        <source>language of the report (default: from LANG, else English)</source>
        <translation>язык отчёта (по умолчанию: из LANG, иначе английский)</translation>
    </message>
    <message>
        <source>check every sealed roll of a game against the revealed seed</source>
        <translation>проверить каждый запечатанный бросок игры по раскрытому зерну</translation>
    </message>
    <message>
        <source>check a sealed game: its hash chain, every sealed roll against the revealed seed, and the game state; exit 1 on any problem</source>
        <translation>проверить запечатанную игру: её цепочку хешей, каждый запечатанный бросок по раскрытому зерну и состояние игры; код выхода 1 при любой проблеме</translation>
    </message>
    <message>
        <source>{file}: expected a .warboard game file (a scenario has no rolls)</source>
        <translation>{file}: ожидался файл игры .warboard (в сценарии нет бросков)</translation>
    </message>
    <message>
        <source>--seed: the game master has not revealed the seed in this file; give it with --seed</source>
        <translation>--seed: мастер не раскрыл зерно в этом файле; задайте его через --seed</translation>
    </message>
    <message>
        <source>the command to explain (default: the list of commands)</source>
        <translation>команда, которую объяснить (по умолчанию: список команд)</translation>
    </message>
    <message>
        <source>open the window on FILE (a scenario .json or a .warboard game;</source>
        <translation>открыть окно с ФАЙЛОМ (сценарий .json или игра .warboard;</translation>
    </message>
    <message>
        <source>no FILE: the last game, the demo table on first run)</source>
        <translation>без ФАЙЛА: последняя игра, при первом запуске — демо-стол)</translation>
    </message>
    <message>
        <source>answer on the command line</source>
        <translation>ответить в командной строке</translation>
    </message>
    <message>
        <source>open the demo offscreen, measure, resolve, print a card; exit 0 if all work</source>
        <translation>открыть демо без экрана, замерить, разрешить, напечатать карточку; код 0, если всё работает</translation>
    </message>
    <message>
        <source>commands:</source>
        <translation>команды:</translation>
    </message>
    <message>
        <source>`{prog} help COMMAND` (or `{prog} COMMAND --help`) explains one command.</source>
        <translation>`{prog} help КОМАНДА` (или `{prog} КОМАНДА --help`) объясняет одну команду.</translation>
    </message>
    <message>
        <source>Problems go to stderr with exit status 2.</source>
        <translation>Ошибки выводятся в stderr с кодом выхода 2.</translation>
    </message>
    <message>
        <source>this list, or one command&apos;s arguments: help [COMMAND]</source>
        <translation>этот список или аргументы одной команды: help [КОМАНДА]</translation>
    </message>
    <message>
        <source>COMMAND: no command {name!r}; one of {names}</source>
        <translation>КОМАНДА: нет команды {name!r}; есть: {names}</translation>
    </message>
    <message>
        <source>{prog}: error: {message}</source>
        <extracomment>What reads as a negative number, not an option: -5, -2.5, -.5, -1e3, -inf, -nan (argparse&apos;s own pattern knows only the first three, so `-inf` became an unknown option).
----------
The language the command line writes in (&quot;en&quot;, &quot;ru&quot;): `--lang`, else LANG and its kin.</extracomment>
        <translation>{prog}: ошибка: {message}</translation>
    </message>
    <message>
        <source>Warboard on the command line.</source>
        <translation>Warboard в командной строке.</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Правка</translation>
    </message>
    <message>
        <source>area: {why}</source>
        <translation>area: {why}</translation>
    </message>
    <message>
        <source>expected X Y W H with W and H above 0, got {got}</source>
        <translation>ожидалось X Y W H, где W и H больше 0, получено {got}</translation>
    </message>
    <message>
        <source>expected X Y W H within ±{limit:g} inches (off any table), got {got}</source>
        <translation>ожидалось X Y W H в пределах ±{limit:g} дюймов (дальше любого стола), получено {got}</translation>
    </message>
    <message>
        <source>expected W and H of at least {least:g} inches, got {got}</source>
        <translation>ожидалось W и H не меньше {least:g} дюйма, получено {got}</translation>
    </message>
    <message>
        <source>W × H {w:g} × {h:g} draws a picture {px:.0f} px tall at {width} px wide, above {most} px: choose a wider area</source>
        <translation>W × H {w:g} × {h:g} даёт картинку высотой {px:.0f} пикс. при ширине {width} пикс., больше {most} пикс.: выберите область шире</translation>
    </message>
    <message>
        <source>radius: expected {least:g} to {most:g} inches, got {got}</source>
        <translation>radius: ожидалось от {least:g} до {most:g} дюймов, получено {got}</translation>
    </message>
    <message>
        <source>{flag}: expected inches within ±{limit:g} (off any table), got {got}</source>
        <translation>{flag}: ожидались дюймы в пределах ±{limit:g} (дальше любого стола), получено {got}</translation>
    </message>
    <message>
        <source>--scatter BEARING: expected degrees within ±{limit:g}, got {got:g}</source>
        <translation>--scatter BEARING: ожидались градусы в пределах ±{limit:g}, получено {got:g}</translation>
    </message>
    <message>
        <source>--around: {why}</source>
        <translation>--around: {why}</translation>
    </message>
    <message>
        <source>--area: {why}</source>
        <translation>--area: {why}</translation>
    </message>
    <message>
        <source>Players&apos; nonces</source>
        <translation>Числа игроков</translation>
    </message>
    <message>
        <source>1. Type the turn&apos;s resolutions in the order you will resolve them and commit; post the commitment. 2. When every player has posted a nonce (any short text), enter them: the turn&apos;s rolls then come from the seed and the nonces, so nobody could know them in advance.</source>
        <translation>1. Впишите действия хода в том порядке, в каком будете их разрешать, и зафиксируйте; опубликуйте обязательство. 2. Когда каждый игрок опубликует своё число (любой короткий текст), введите их: броски хода будут выводиться из зерна и чисел игроков, и никто не мог знать их заранее.</translation>
    </message>
    <message>
        <source>one resolution a line, e.g. “Gren 1 shoots Pfc. Dawson”</source>
        <translation>по одному действию в строке, например «Гренадер 1 стреляет в рядового Доусона»</translation>
    </message>
    <message>
        <source>Commit the declarations</source>
        <translation>Зафиксировать объявления</translation>
    </message>
    <message>
        <source>Add a player</source>
        <translation>Добавить игрока</translation>
    </message>
    <message>
        <source>Enter the nonces</source>
        <translation>Ввести числа</translation>
    </message>
    <message>
        <source>Committed and copied: post it, then ask the players for their nonces.</source>
        <translation>Зафиксировано и скопировано: опубликуйте и попросите игроков прислать числа.</translation>
    </message>
    <message>
        <source>Nonce</source>
        <translation>Число</translation>
    </message>
    <message>
        <source>Declared resolutions, in order</source>
        <translation>Объявленные действия по порядку</translation>
    </message>
    <message>
        <source>Players&apos; nonces, as posted</source>
        <translation>Числа игроков, как опубликованы</translation>
    </message>
    <message>
        <source>Commit the declarations of turn {t}</source>
        <translation>Зафиксировать объявления хода {t}</translation>
    </message>
    <message>
        <source>Commitment: {c}</source>
        <translation>Обязательство: {c}</translation>
    </message>
    <message>
        <source>Enter the players&apos; nonces of turn {t}</source>
        <translation>Ввести числа игроков хода {t}</translation>
    </message>
    <message>
        <source>Nonces entered: the turn&apos;s sealed rolls from #{k} on derive with them.</source>
        <translation>Числа введены: запечатанные броски хода начиная с №{k} выводятся с ними.</translation>
    </message>
    <message>
        <source>commit to a turn&apos;s declared, ordered resolutions (post the commitment before the players post their nonces)</source>
        <translation>зафиксировать объявленные действия хода по порядку (опубликуйте обязательство до того, как игроки опубликуют числа)</translation>
    </message>
    <message>
        <source>enter the players&apos; nonces of a turn: its sealed rolls derive with them</source>
        <translation>ввести числа игроков за ход: запечатанные броски хода выводятся с ними</translation>
    </message>
    <message>
        <source>a .warboard game sealed with sealed dice</source>
        <translation>игра .warboard на запечатанных кубах</translation>
    </message>
    <message>
        <source>the turn (default: the game&apos;s current turn)</source>
        <translation>ход (по умолчанию текущий ход игры)</translation>
    </message>
    <message>
        <source>each declared resolution, in the order it will be resolved</source>
        <translation>каждое объявленное действие в порядке разрешения</translation>
    </message>
    <message>
        <source>each player&apos;s posted nonce (any text), in the order posted</source>
        <translation>опубликованное число каждого игрока (любой текст) в порядке публикации</translation>
    </message>
    <message>
        <source>Turn {t}: {n} resolution(s) declared. Post this commitment, then ask the players for their nonces:
{c}</source>
        <translation>Ход {t}: объявлено действий: {n}. Опубликуйте это обязательство и попросите игроков прислать числа:
{c}</translation>
    </message>
    <message>
        <source>Turn {t}: {n} nonce(s) entered (digest {d}); sealed rolls from #{k} on derive with them.</source>
        <translation>Ход {t}: введено чисел: {n} (свёртка {d}); запечатанные броски начиная с №{k} выводятся с ними.</translation>
    </message>
    <message>
        <source>{file}: expected a .warboard game file</source>
        <translation>{file}: ожидался файл игры .warboard</translation>
    </message>
    <message>
        <source>--turn: expected a whole number ≥ 1, got {got}</source>
        <translation>--turn: ожидалось целое ≥ 1, получено {got}</translation>
    </message>
    <message>
        <source>the sealed-dice commitment the players were given (64 hex digits)</source>
        <translation>обязательство запечатанных кубов, которое получили игроки (64 шестнадцатеричные цифры)</translation>
    </message>
    <message>
        <source>the thread&apos;s posts saved as text: the file is checked against every post&apos;s place in the chain</source>
        <translation>сообщения темы, сохранённые как текст: файл сверяется с местом каждого сообщения в цепочке</translation>
    </message>
    <message>
        <source>--posts: {file}: cannot be read ({why})</source>
        <translation>--posts: {file}: не читается ({why})</translation>
    </message>
    <message>
        <source>Players&apos; &amp;nonces…</source>
        <translation>&amp;Числа игроков…</translation>
    </message>
</context>
<context>
    <name>ActionPanel</name>
    <message>
        <source>Roles</source>
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
        <source>Rolled with the sealed dice.</source>
        <translation>Брошено запечатанными кубами.</translation>
    </message>
    <message>
        <source>Rolled with the app&apos;s dice, seed {seed}.</source>
        <translation>Брошено кубами программы, зерно {seed}.</translation>
    </message>
    <message>
        <source>Not possible: {0} (tick “Ignore cost” to apply it anyway)</source>
        <translation>Невозможно: {0} (отметьте «Без цены», чтобы всё равно применить)</translation>
    </message>
</context>
<context>
    <name>ActionResults</name>
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
</context>
<context>
    <name>AnswerView</name>
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
        <source>(nobody: this action alone)</source>
        <translation>(никто: только это действие)</translation>
    </message>
    <message>
        <source>(the unit&apos;s own)</source>
        <translation>(своё у отряда)</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>A journal of another file was set aside</source>
        <translation>Журнал другого файла отложен</translation>
    </message>
    <message>
        <source>Beside {file} lay the journal of an unfinished save of another file. It was not applied to this game (that would have damaged it); it is kept as {aside}.

The game is open as its file holds it.</source>
        <translation>Рядом с {file} лежал журнал незавершённого сохранения другого файла. К этой игре он не применён (это повредило бы её); он сохранён как {aside}.

Игра открыта так, как она записана в файле.</translation>
    </message>
    <message>
        <source>The roll log was altered</source>
        <translation>Журнал бросков изменён</translation>
    </message>
    <message>
        <source>{file}: the roll log does not match its hash chain:

{found}

The game is open as the file holds it.</source>
        <translation>{file}: журнал бросков не сходится со своей цепочкой хешей:

{found}

Игра открыта так, как она записана в файле.</translation>
    </message>
    <message>
        <source>The game file is damaged</source>
        <translation>Файл игры повреждён</translation>
    </message>
    <message>
        <source>{error}

Open its last good backup ({name}) instead? The damaged file is kept beside it.</source>
        <translation>{error}

Открыть вместо него последнюю исправную резервную копию ({name})? Повреждённый файл останется рядом.</translation>
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
        <extracomment>Every module is installed (emitted by `finish_startup`, once it had work to do). The game the program starts with is on the board (`open_start_game`: the program runs it once the window is complete, so the engine loads after the first paint). A dock was added (`addDockWidget`): app.room watches it. This window was rebuilt in another language (`relocalize`): the new window.</extracomment>
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
        <extracomment>A pass&apos;s outlook as coloured in the tree: no test, a test, impossible. Names listed in the &quot;may still act&quot; and &quot;tests due&quot; lines before &quot;… N more&quot;.</extracomment>
        <translation>Ход</translation>
    </message>
    <message>
        <source>Turn –</source>
        <extracomment>a refresh was skipped while the dock was hidden in its window: done when shown</extracomment>
        <translation>Ход –</translation>
    </message>
    <message>
        <source>Chain of command</source>
        <translation>Командная цепочка</translation>
    </message>
    <message>
        <source>Who commands whom; who may still act this turn; who may receive a passed action now, from which commander, and what the pass would meet</source>
        <translation>Кто кем командует; кто ещё может действовать в этом ходу; кто сейчас может получить переданное действие, от какого командира и что ждёт передачу</translation>
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
        <source>(under {0})</source>
        <translation>(подчинён: {0})</translation>
    </message>
    <message>
        <source>acting ({0} left)</source>
        <translation>действует (осталось {0})</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>activated</source>
        <translation>активирован</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>may receive</source>
        <translation>может получить</translation>
    </message>
    <message>
        <source>cannot: {0}</source>
        <translation>нельзя: {0}</translation>
    </message>
    <message>
        <source>from {0}: {1}</source>
        <translation>от {0}: {1}</translation>
    </message>
    <message>
        <source>No game is open</source>
        <translation>Игра не открыта</translation>
    </message>
</context>
</TS>
