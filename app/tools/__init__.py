"""The board's tools: each takes the mouse and keys while active (select, measure, …).

`base.Tool` is what a tool implements, `manager.ToolManager` switches between them and
routes the view's events, `pointer_label.PointerLabel` is the text beside the pointer.
Each tool module has `install(window)`; app/modules.py lists the modules the window loads.
"""
