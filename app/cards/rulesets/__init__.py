"""Card layouts a ruleset brings, discovered like the rulesets themselves.

Every module here that defines a module attribute `LAYOUTS` — a mapping of
(ruleset id, profile kind) to a layout object (`app.cards.layout.CardLayout`) — is found by
`app.cards.layout` the first time a layout is asked for. A group's card is registered under
the kind "group:<group kind>" (e.g. "group:company"). A new ruleset's cards therefore need
no edit anywhere else in app/.
"""
